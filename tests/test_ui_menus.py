"""The menu screens under SDL's dummy video driver: they build and draw at the
smallest and a large window size, the new-game screen turns its controls into a
valid ``Rules`` (or shows the engine's refusal), and clicks and keys reach the
right controls."""

from __future__ import annotations

import json
import random
import re
from types import SimpleNamespace

import pygame
import pytest

from game.engine import Rules, RulesError, new_game
from game.engine.cards import card_name
from game.engine.rules import CHOICES
from game.engine.state import GAME_OVER, ROUND_OVER
from game.resources import user_data_dir
from game.ui import menus, sheets
from game.ui import ui_kit as ui
from game.ui.app import App
from game.ui.audio import Audio
from game.ui.rules_text import (
    GROUPS,
    OPTIONS,
    TABLE_CONTROLS,
    covered_option_names,
    describe_rules,
    explain_round,
    preset_summary,
    rules_as_text,
)
from game.ui.scene import SceneStack
from game.ui.settings import Settings
from game.ui.stats import Stats

SIZES = [(1024, 640), (1920, 1080)]
PRESETS = Rules.preset_names()


@pytest.fixture(autouse=True, scope="module")
def _pygame():
    pygame.init()
    pygame.display.set_mode((320, 200))
    yield
    pygame.quit()


class FakeApp:
    """Every name the menus and sheets use from the application object (see the list at the
    top of game/ui/menus/__init__.py); the counters record what the tests look at."""

    def __init__(self, size=(1024, 640)):
        self.stack = SceneStack()
        self.settings = Settings.load()
        self.audio = Audio(self.settings)
        self.screen_size = size
        self.started = None
        self.continued = 0
        self.quitted = 0
        self.human_seat = 0
        self.applied = 0

    def play_sound(self, name):
        self.audio.play(name)

    def invalidate(self):
        pass

    def apply_settings(self):
        self.applied += 1

    def start_game(self, rules, players, names, levels, seed=None):
        self.started = (rules, players, names, levels)

    def continue_game(self):
        self.continued += 1

    def go_title(self):
        menus.go_title(self)

    def quit(self):
        self.quitted += 1


@pytest.fixture
def app():
    return FakeApp()


def pump(scene):
    for event in pygame.event.get():
        scene.handle(event)


def click(scene, pos, button=1):
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    pump(scene)


def press(scene, key, mod=0):
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    pump(scene)


def type_text(scene, text):
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pump(scene)


def wheel(scene, y):
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    pump(scene)


def show_row(scene, name):
    """Scroll with the wheel until the named setting row is wholly in view."""
    row = scene.find(name)
    for _ in range(200):
        if scene.scroll.rect.contains(row.rect):
            return row
        wheel(scene, -1 if row.rect.bottom > scene.scroll.rect.bottom else 1)
    raise AssertionError(f"{name} never came into view")


def draw(scene, size):
    surface = pygame.Surface(size)
    scene.draw(surface)
    return surface


def played_round(preset="rummy500", players=3, seed=3, to_game_over=False):
    """A real engine state after a round (or a game) of random legal moves."""
    overrides = {"target": 150} if to_game_over else {}
    names = ["You"] + [f"Bot {i}" for i in range(1, players)]
    g, _ = new_game(Rules.preset(preset, **overrides), players, seed=seed, names=names)
    rng = random.Random(seed)
    for _ in range(40):
        steps = 0
        while g.phase not in (ROUND_OVER, GAME_OVER) and steps < 5000:
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
        assert g.phase in (ROUND_OVER, GAME_OVER)
        if g.phase == GAME_OVER or not to_game_over:
            return g
        g.next_round()
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------- every scene draws


@pytest.mark.parametrize("size", SIZES)
def test_menu_scenes_build_and_draw(size):
    app = FakeApp(size)
    for make in (
        menus.TitleScene, menus.NewGameScene, menus.RulesScene, menus.SettingsScene, menus.StatsScene,
    ):
        scene = make(app)
        surface = draw(scene, size)
        assert surface.get_at((size[0] // 2, size[1] // 2)) != (0, 0, 0, 255)
        # every button and control lies inside the window
        for w in scene.widgets:
            assert surface.get_rect().contains(w.rect), (make.__name__, w.name, w.rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("preset", PRESETS)
def test_new_game_and_rules_draw_for_every_preset(size, preset):
    app = FakeApp(size)
    scene = menus.NewGameScene(app)
    scene.set_preset(preset)
    lo, hi = Rules.preset(preset).player_range()
    scene.set_players(hi)  # the most seats: the left column must still fit
    draw(scene, size)
    for w in scene.widgets:
        assert scene.left.contains(w.rect) or w.name in ("reset", "start", "read_rules", "back"), w.name
    draw(menus.RulesScene(app, Rules.preset(preset)), size)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_new_game_says_how_each_computer_level_plays(size, players, monkeypatch):
    from game.ui.settings import BOT_LEVELS

    app = FakeApp(size)
    scene = menus.NewGameScene(app)
    scene.set_players(players)
    drawn = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: drawn.append(
        (text, real(surface, text, *a, **k))) or drawn[-1][1])
    draw(scene, size)
    notes = {label: rect for _, label in BOT_LEVELS for text, rect in drawn if text.startswith(f"{label}: ")}
    assert sorted(notes) == sorted(label for _, label in BOT_LEVELS), [t for t, _ in drawn]
    # under the seats, above the pack's line, inside the column
    seats = max(w.rect.bottom for w in scene.widgets if w.name.startswith(("name", "level")))
    pack = next(rect for text, rect in drawn if text.startswith("The pack:"))
    for label, rect in notes.items():
        assert seats <= rect.top and rect.bottom <= pack.top and scene.left.contains(rect), (label, rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 8])
def test_sheets_draw_over_a_real_round(size, players):
    app = FakeApp(size)
    state = played_round("rummy5000", players, seed=players)
    scene = sheets.RoundEndScene(app, state, lambda: None)
    assert scene.opaque is False
    draw(scene, size)
    over = played_round("rummy500", players, seed=7, to_game_over=True)
    draw(sheets.GameOverScene(app, over, lambda choice: None), size)


def test_every_sheet_hides_the_table_beneath_its_panel():
    # the table shows dimmed around a sheet, but not through its panel: a white table and a
    # black one look the same under it (a round's cards would otherwise ghost behind its rows)
    size = (1024, 640)
    app = FakeApp(size)
    state = played_round("rummy5000", 4, seed=4)
    over = played_round("rummy500", 3, seed=7, to_game_over=True)
    made = [sheets.RoundEndScene(app, state, lambda: None),
            sheets.GameOverScene(app, over, lambda choice: None),
            sheets.ScoresScene(app, state),
            sheets.MovesScene(app, "Round 1", [((200, 60, 60), "Ann drew from the stock")])]
    for scene in made:
        under = []
        for fill in ((255, 255, 255), (0, 0, 0)):
            surface = pygame.Surface(size)
            surface.fill(fill)
            scene.draw(surface)
            under.append(surface)
        inside = scene.body.inflate(-2 * scene.theme.px(14), -2 * scene.theme.px(14))
        outside = (scene.body.x - scene.theme.px(20), scene.body.y - scene.theme.px(20))
        assert under[0].get_at(outside) != under[1].get_at(outside)  # dimmed, not hidden, around it
        differ = [(x, y) for x in range(inside.left, inside.right, 7) for y in range(inside.top, inside.bottom, 7)
                  if under[0].get_at((x, y)) != under[1].get_at((x, y))]
        assert not differ, (type(scene).__name__, differ[:5])


def test_scenes_follow_a_resize(app):
    scene = menus.NewGameScene(app)
    scene.resize((1920, 1080))
    draw(scene, (1920, 1080))
    assert scene.find("start").rect.right > 1500
    scene.resize((1024, 640))
    assert scene.find("start").rect.right <= 1024


# ---------------------------------------------------------------------- title


def test_title_continue_needs_an_autosave(app):
    scene = menus.TitleScene(app)
    assert not scene.find("continue").enabled and scene.find("new_game").primary
    click(scene, scene.find("continue").rect.center)
    assert app.continued == 0
    from game.engine.save import dumps_game

    g, _ = new_game(Rules.preset("rummy5000"), 3, seed=1)
    (user_data_dir() / "autosave.json").write_text(dumps_game(g))
    scene = menus.TitleScene(app)
    assert scene.find("continue").enabled
    # one button looks chosen: the gold one is the one with the focus
    assert scene.find("continue").primary and not scene.find("new_game").primary
    assert scene.focus.current.name == "continue"
    click(scene, scene.find("continue").rect.center)
    assert app.continued == 1


def test_the_title_reads_the_saved_game_once(app, monkeypatch):
    """It read the save (up to 4 MB) twice on opening: once to see that Continue can load
    it, once more for the words beside Continue. Once now, and the words are still there."""
    from game.ui import controller
    from game.ui.controller import Controller, autosave_path
    from game.ui.menus import title

    c = Controller.new("rummy500", 3, seed=4, save_path=autosave_path())
    c.autosave()
    reads = []
    real = controller.read_save
    counted = lambda path, *a, **k: (reads.append(path), real(path, *a, **k))[1]  # noqa: E731
    monkeypatch.setattr(controller, "read_save", counted)
    monkeypatch.setattr(title, "read_save", counted)
    scene = menus.TitleScene(app)
    assert scene.find("continue").enabled and scene.about and "Rummy 500" in scene.about
    assert len(reads) == 1


def test_title_buttons_open_their_screens(app):
    title = menus.TitleScene(app)
    app.stack.push(title)
    for name, cls in (("new_game", menus.NewGameScene), ("rules", menus.RulesScene),
                      ("settings", menus.SettingsScene), ("stats", menus.StatsScene)):
        click(title, title.find(name).rect.center)
        assert isinstance(app.stack.top, cls)
        press(app.stack.top, pygame.K_ESCAPE)
        assert app.stack.top is title
    click(title, title.find("quit").rect.center)
    assert app.quitted == 1


def test_the_rules_from_the_title_end_with_how_to_play_at_the_table(app):
    """A first-time player reads the rules before a game: the controls come with them,
    for each preset as it is browsed (no Rummy! button where nobody may call)."""
    scene = menus.RulesScene(app)
    texts = [w.text for w, _ in scene.scroll.items]
    assert scene.browse and texts[-len(TABLE_CONTROLS) - 1] == "At the table"
    scene.set_preset("rummy500")
    texts = [w.text for w, _ in scene.scroll.items]
    assert "At the table" in texts and not any(t.startswith("Rummy!:") for t in texts)


def test_title_keyboard_skips_the_disabled_continue(app):
    title = menus.TitleScene(app)
    app.stack.push(title)
    assert title.focus.current.name == "new_game"
    press(title, pygame.K_DOWN)
    assert title.focus.current.name == "rules"
    press(title, pygame.K_RETURN)
    assert isinstance(app.stack.top, menus.RulesScene)


def test_the_title_has_one_gold_button_the_one_enter_presses(app):
    title = menus.TitleScene(app)
    app.stack.push(title)

    def gold():
        return [w.name for w in title.widgets if isinstance(w, ui.Button) and w.primary]

    assert gold() == ["new_game"] == [title.focus.current.name]
    for _ in range(4):
        press(title, pygame.K_DOWN)
    assert title.focus.current.name == "quit" and gold() == ["quit"]
    # with the mouse, the keyboard's frame goes and New game is the gold one again
    click(title, (2, 2))
    assert gold() == ["new_game"]


def test_the_titles_shadow_lies_under_the_fan_and_the_title_over_it(app, monkeypatch):
    # the fan's lower cards reach into the title; a shadow drawn over a white card shows
    # as a grey block, so: the shadow first, then the cards, then the gold letters
    calls = []
    text, face = ui.draw_text, menus.draw_card

    def draw_text(surface, s, *args, shadow=False, body=True, **kw):
        if shadow:
            calls.append(("shadow", s))
        if body:
            calls.append(("text", s))
        return text(surface, s, *args, shadow=shadow, body=body, **kw)

    def draw_card(*args, **kw):
        calls.append(("card", None))
        return face(*args, **kw)

    monkeypatch.setattr(ui, "draw_text", draw_text)
    monkeypatch.setattr(menus.title, "draw_card", draw_card)
    draw(menus.TitleScene(app), (1280, 800))
    cards = [i for i, (kind, _) in enumerate(calls) if kind == "card"]
    shadow = calls.index(("shadow", "Rummy 5000"))
    letters = calls.index(("text", "Rummy 5000"))
    assert len(cards) == 5 and shadow < cards[0] and cards[-1] < letters
    # the letters once: gold drawn twice over itself thickens its soft edges
    assert calls.count(("text", "Rummy 5000")) == 1 and calls.count(("shadow", "Rummy 5000")) == 1


def test_the_title_and_the_settings_show_the_tables_own_cards(app, monkeypatch):
    from game.engine.cards import parse_card
    from game.ui.cards import BACKS, CardArt

    # pixel for pixel what the table paints: a face, and every back the settings offer
    table = CardArt(four_colour=True)
    rect = pygame.Rect(10, 12, 36, 50)
    for card in ("A♣", "K♥", "Q♦"):
        surface = pygame.Surface((80, 80), pygame.SRCALPHA)
        menus.draw_card(surface, card, rect, Settings(four_colour=True))
        expected = pygame.Surface((80, 80), pygame.SRCALPHA)
        expected.blit(table.face(parse_card(card), rect.size), rect)
        assert pygame.image.tobytes(surface, "RGBA") == pygame.image.tobytes(expected, "RGBA"), card
    shown = []
    for back in BACKS:
        surface = pygame.Surface((80, 80), pygame.SRCALPHA)
        menus.draw_card_back(surface, rect, back)
        expected = pygame.Surface((80, 80), pygame.SRCALPHA)
        expected.blit(table.back(rect.size, back), rect)
        assert pygame.image.tobytes(surface, "RGBA") == pygame.image.tobytes(expected, "RGBA"), back
        shown.append(pygame.image.tobytes(surface, "RGBA"))
    assert len(set(shown)) == len(BACKS)
    # the settings' preview follows the settings; the title's fan is five of those cards
    drawn = []
    for screen in (menus.settings_screen, menus.title):
        monkeypatch.setattr(screen, "draw_card", lambda surface, card, r, settings, angle=0.0: drawn.append(
            (card, settings.four_colour)))
    monkeypatch.setattr(menus.settings_screen, "draw_card_back",
                        lambda surface, r, back: drawn.append(("back", back)))
    app.settings.card_back, app.settings.four_colour = "green", True
    draw(menus.SettingsScene(app), (1280, 800))
    assert sorted(drawn) == sorted([("A♣", True), ("A♦", True), ("A♥", True), ("A♠", True), ("back", "green")])
    drawn.clear()
    draw(menus.TitleScene(app), (1280, 800))
    assert [card for card, _ in drawn] == ["A♠", "K♥", "5♦", "Q♣", "J♥"]


def test_title_shows_a_damaged_settings_file(app):
    path = user_data_dir() / "settings.json"
    path.write_text("{ not json")
    app.settings = Settings.load()
    title = menus.TitleScene(app)
    title.enter()
    assert "damaged" in title.notice
    draw(title, app.screen_size)


# ---------------------------------------------------------------------- new game


@pytest.mark.parametrize("preset", PRESETS)
def test_new_game_builds_the_preset_rules(app, preset):
    scene = menus.NewGameScene(app)
    scene.set_preset(preset)
    lo, hi = Rules.preset(preset).player_range()
    scene.set_players(lo)
    click(scene, scene.find("start").rect.center)
    assert app.started is not None, scene.message
    rules, players, names, levels = app.started
    assert rules == Rules.preset(preset)
    assert players == lo and len(names) == lo and len(levels) == lo
    assert levels[0] == "human" and all(lv in ("easy", "normal", "hard") for lv in levels[1:])
    assert all(n.strip() for n in names) and len(set(names)) == lo


def test_new_game_keys_reach_start_from_anywhere(app):
    """A keyboard player deep in the house rules pressed ↓ 27 times to reach Start game
    (a tester): End puts the focus on it, Ctrl+Enter starts the game from anywhere."""
    scene = menus.NewGameScene(app)
    draw(scene, app.screen_size)
    press(scene, pygame.K_DOWN)
    for _ in range(6):
        press(scene, pygame.K_DOWN)
    assert scene.focus.current is not scene.find("start")
    press(scene, pygame.K_END)
    assert scene.focus.current is scene.find("start") and scene.show_focus
    press(scene, pygame.K_UP)
    press(scene, pygame.K_RETURN, mod=pygame.KMOD_LCTRL)
    assert app.started is not None and app.started[0] == scene.validate()


def test_new_game_asks_before_it_ends_a_game_in_progress(app):
    (user_data_dir() / "autosave.json").write_text("{}")
    scene = menus.NewGameScene(app)
    click(scene, scene.find("start").rect.center)
    assert app.started is None  # the first press only asks
    assert scene.find("start").label == "Start anyway"
    assert scene.message_is_error and "game in progress" in scene.message
    scene.resize((1920, 1080))
    draw(scene, (1920, 1080))
    assert scene.find("start").label == "Start anyway"
    click(scene, scene.find("start").rect.center)
    assert app.started is not None


def test_new_game_refuses_a_deal_that_does_not_fit(app):
    scene = menus.NewGameScene(app)
    scene.set_preset("rummy5000")
    scene.set_players(8)
    scene.set_option("decks", 1)
    with pytest.raises(RulesError) as refused:
        Rules.preset("rummy5000", decks=1).check_players(8)
    click(scene, scene.find("start").rect.center)
    assert app.started is None
    assert scene.message_is_error
    with pytest.raises(RulesError) as worded:
        Rules.preset("rummy5000", decks=1).check_players(8, say=menus.new_game._option_words)
    assert str(worded.value)[1:] in scene.message
    assert "upcard_counts = total" in str(refused.value)  # the engine's own words, for programs
    draw(scene, app.screen_size)  # the message fits on the screen


def test_start_is_greyed_while_the_setup_is_refused(app):
    """A setup the engine refuses cannot be started: Start is greyed (not gold), the
    keyboard passes over it, and a press on it says the reason again."""
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    start = scene.find("start")
    edge = (start.rect.x + 5, start.rect.centery)  # the button's face, beside its label
    assert start.enabled and draw(scene, app.screen_size).get_at(edge)[:3] == ui.GOLD
    scene.set_players(8)
    scene.set_option("decks", 1)  # eight upcard hands do not fit in one deck
    start = scene.find("start")
    assert scene.error and not start.enabled
    face = draw(scene, app.screen_size).get_at(edge)[:3]
    assert face != ui.GOLD and face != ui.CREAM
    scene.say("something else")
    click(scene, start.rect.center)
    assert app.started is None and scene.message_is_error and "deal may need" in scene.message
    seen = set()
    for _ in range(90):
        press(scene, pygame.K_TAB)
        seen.add(scene.focus.current.name)
    assert "start" not in seen and "read_rules" in seen
    # Tab goes as the screen reads: the setup, Reset and the house rules, then the footer left to right
    names = [w.name for w in scene.focus_order()]
    assert names.index("reset") < names.index(scene.scroll.widgets()[0].name)
    assert names[-3:] == ["back", "read_rules", "start"]
    scene.set_option("decks", None)  # fixed: Start is lit again
    assert scene.error is None and scene.find("start").enabled
    click(scene, scene.find("start").rect.center)
    assert app.started is not None


def test_new_game_refuses_an_impossible_option_combination(app):
    """The engine's reason, with the options it names by attribute said as the screen's
    rows name them: it read "Allow_sets and allow_runs are both off" (a tester)."""
    scene = menus.NewGameScene(app)
    scene.set_option("allow_sets", False)
    scene.set_option("allow_runs", False)
    with pytest.raises(RulesError) as refused:
        Rules.preset("rummy5000", allow_sets=False, allow_runs=False)
    scene.start()
    assert app.started is None
    assert str(refused.value).startswith("allow_sets and allow_runs are both off")
    assert scene.message == "\u201cSets\u201d and \u201cRuns\u201d are both off: no meld could be made; turn one on."
    scene.sync()
    assert scene.find("allow_sets").blamed and scene.find("allow_runs").blamed
    scene.set_option("allow_runs", True)
    scene.start()
    assert app.started[0].allow_sets is False


def test_clicking_a_toggle_changes_the_rules(app):
    scene = menus.NewGameScene(app)
    row = show_row(scene, "wild.twos")
    assert row.control.value is False
    click(scene, row.control.rect.center)
    assert row.control.value is True
    assert "twos" in scene.build_rules().permanent_wilds
    assert row.changed
    click(scene, row.control.rect.center)
    assert "twos" not in scene.build_rules().permanent_wilds


def test_clicking_a_cycler_deep_in_the_list(app):
    scene = menus.NewGameScene(app)
    row = show_row(scene, "rummy_calls")
    assert scene.scroll.offset > 0
    before = row.control.value
    r = row.control.rect
    click(scene, (r.right - 5, r.centery))  # the right arrow: next choice
    assert row.control.value != before
    assert scene.build_rules().rummy_calls == row.control.value
    click(scene, (r.x + 5, r.centery))  # the left arrow: back
    assert scene.build_rules().rummy_calls == before


def test_options_that_do_not_apply_are_greyed(app):
    scene = menus.NewGameScene(app)
    assert not scene.find("hand_size").control.enabled
    scene.set_option("deal_style", "fixed")
    assert scene.find("hand_size").control.enabled
    assert not scene.find("upcard_counts").control.enabled


def test_house_rules_that_change_nothing_are_greyed_with_the_engines_reason(app):
    """Basic rummy has no wild cards: the options about wild cards are greyed, skipped by
    the keyboard, and a click on one says why, in the engine's words."""
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    scene.set_preset("basic")
    greyed = ("wild_limit", "wild_after_meld", "wild_set", "wild_rank_natural_in_place",
              "values.wild", "values.wild_ace", "indicator_on_permanent_wild", "deep_take_use")
    for name in greyed:
        row = scene.find(name)
        assert not row.control.enabled and not row.enabled, name
    unused = Rules.preset("basic").unused_options()
    for name in greyed:
        assert scene.find(name).note == f"Not used: {unused[name]}.", name
    for name in ("wild.twos", "one_meld_per_turn", "discard_pile", "values.A"):
        assert scene.find(name).control.enabled, name
    draw(scene, app.screen_size)
    row = show_row(scene, "wild_limit")
    before = scene.build_rules()
    click(scene, row.control.rect.center)
    assert scene.build_rules() == before
    assert scene.message == "\u201cWild cards per meld\u201d is not used here: no card is wild."
    seen = set()
    for _ in range(90):
        press(scene, pygame.K_DOWN)
        seen.add(scene.focus.current.name)
    assert "one_meld_per_turn" in seen and not seen & {"wild_limit", "wild_after_meld", "values.wild"}
    scene.set_option("wild.twos", True)  # now there are wild cards
    for name in ("wild_limit", "wild_after_meld", "wild_rank_natural_in_place", "values.wild"):
        assert scene.find(name).control.enabled, name
    assert not scene.find("values.wild_ace").control.enabled  # a two is never an ace
    scene.set_preset("george")  # the 2s are taken out: twos cannot be wild
    assert not scene.find("wild.twos").control.enabled
    assert scene.find("wild.tens").control.enabled


def test_an_unused_option_that_stops_the_game_stays_changeable(app):
    scene = menus.NewGameScene(app)
    scene.set_preset("rummy500")
    scene.set_option("wild_set", True)  # jokers are wild, so sets of wilds may be played
    scene.set_option("jokers_per_deck", 0)  # no more always-wild cards: the engine refuses it
    assert scene.error and scene.find("wild_set").control.enabled
    click(scene, show_row(scene, "wild_set").control.rect.center)
    assert scene.error is None and not scene.find("wild_set").control.enabled


@pytest.mark.parametrize("preset", PRESETS)
def test_the_decks_help_gives_the_size_of_this_games_deck(app, preset):
    """George's decks have no 2s: 48 cards each, not 52."""
    scene = menus.NewGameScene(app)
    scene.set_preset(preset)
    rules = Rules.preset(preset)
    help_ = scene.find("decks").help
    cards = 48 if preset == "george" else 52
    assert f"decks of {cards} cards" in help_
    assert str(100 - cards) not in help_  # (George's 48-card decks are not called 52-card ones)
    assert f"Auto uses {rules.decks_for(scene.players)} for {scene.players} players" in help_
    if rules.jokers_per_deck:
        assert f"and {rules.jokers_per_deck} jokers" in help_


def test_the_decks_help_follows_the_lowest_rank_and_the_jokers(app):
    scene = menus.NewGameScene(app)
    scene.set_option("lowest_rank", 4)
    assert "decks of 44 cards (no 2s or 3s)" in scene.find("decks").help
    scene.set_option("jokers_per_deck", 1)
    assert "decks of 44 cards (no 2s or 3s) and 1 joker are" in scene.find("decks").help
    draw(scene, app.screen_size)


def test_players_cycler_adds_seats(app):
    scene = menus.NewGameScene(app)
    assert scene.players == 4
    players = scene.find("players")
    click(scene, (players.rect.right - 5, players.rect.centery))
    assert scene.players == 5
    assert scene.find("name4") is not None and scene.find("level4") is not None
    scene.set_preset("basic")
    assert scene.players <= Rules.preset("basic").player_range()[1]


def test_the_players_arrows_say_why_they_stop(app):
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    scene.set_preset("basic")
    scene.set_players(4)
    players = scene.find("players")
    click(scene, (players.rect.right - 5, players.rect.centery))  # past the last choice
    assert scene.players == 4
    assert scene.message == "Basic rummy is played by 2 to 4 players, not 5." and not scene.message_is_error
    click(scene, (players.rect.x + 5, players.rect.centery))  # back one: the usual line again
    assert scene.players == 3 and scene.message == "Basic rummy for 3 players."
    scene.set_players(2)
    scene.focus.focus(scene.find("players"))
    press(scene, pygame.K_LEFT)
    assert scene.players == 2 and scene.message == "Basic rummy is played by 2 to 4 players, not 1."
    scene.set_preset("persian")
    players = scene.find("players")
    click(scene, (players.rect.right - 5, players.rect.centery))
    assert scene.message == "Persian Rummy needs four players (two teams of two), not 5."


def test_jokers_are_kept_wild(app):
    scene = menus.NewGameScene(app)
    scene.set_option("jokers_per_deck", 2)
    rules = scene.build_rules()
    assert rules.jokers_per_deck == 2 and "jokers" in rules.permanent_wilds
    scene.set_option("jokers_per_deck", 0)
    assert "jokers" not in scene.build_rules().permanent_wilds


def test_names_are_typed_or_picked(app):
    scene = menus.NewGameScene(app)
    field = scene.find("name1")
    click(scene, field.rect.center)
    assert field.editing
    for _ in range(20):
        press(scene, pygame.K_BACKSPACE)
    type_text(scene, "Grandma")
    press(scene, pygame.K_ESCAPE)  # Escape while typing gives the old text back, and stays here
    assert scene.names[1] != "Grandma"
    click(scene, field.rect.center)
    for _ in range(20):
        press(scene, pygame.K_BACKSPACE)
    type_text(scene, "Grandma")
    press(scene, pygame.K_RETURN)
    assert scene.names[1] == "Grandma"
    pick = scene.find("pick2")
    old = scene.names[2]
    click(scene, pick.rect.center)
    assert scene.names[2] != old and scene.names[2] in menus.new_game.FRIENDLY_NAMES
    assert len(set(scene.seat_names())) == scene.players
    scene.start()
    assert app.started[2][1] == "Grandma"


def test_an_options_help_that_explains_a_choice_names_it_as_the_screen_does():
    """'Upcard: …' under a row showing 'Fixed size' read as if it described the value shown:
    a help that explains a choice names it by the label the control shows."""
    from game.ui.rules_text import OPTIONS

    for info in OPTIONS:
        head = info.help.split(":")[0] if ":" in info.help[:24] else None
        if head is None or not info.choices:
            continue
        labels = {label.casefold() for _, label in info.choices}
        assert head.casefold() in labels, (info.name, head)


def test_each_player_needs_a_name_of_their_own_and_you_is_the_persons(app):
    scene = menus.NewGameScene(app)
    app.stack.push(scene)

    def name(seat, text):
        field = scene.find(f"name{seat}")
        click(scene, field.rect.center)
        press(scene, pygame.K_a, pygame.KMOD_CTRL)
        type_text(scene, text)
        press(scene, pygame.K_RETURN)

    name(3, "you")
    assert "Seat 4 is a computer player" in scene.message  # (name3: the fourth seat) and "\u201cYou\u201d" in scene.message
    assert not scene.find("start").enabled
    scene.start()
    assert not getattr(app, "started", None)
    name(3, "Alice")
    assert scene.names[1] == "Alice"
    assert "Seats 2 and 4 are both called \u201cAlice\u201d" in scene.message
    assert not scene.find("start").enabled
    name(3, "Zed")
    assert scene.error is None and scene.find("start").enabled
    # a name too long stops at the limit, and says so while it is typed
    click(scene, scene.find("name3").rect.center)
    press(scene, pygame.K_a, pygame.KMOD_CTRL)
    type_text(scene, "Zelda the Magnificent")
    assert "16 letters at most" in scene.message
    press(scene, pygame.K_RETURN)
    assert scene.names[3] == "Zelda the Magnif"


def test_a_seat_added_after_its_name_was_given_to_another_seat_gets_a_free_name(app):
    """Seat 3 renamed "Dev" (seat 5's name while it is out of play), then a fifth player:
    seat 5 is not "Dev" too, and the game can start at once; a seat whose name is still
    free keeps it."""
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    scene.set_players(4)
    field = scene.find("name2")
    click(scene, field.rect.center)
    press(scene, pygame.K_a, pygame.KMOD_CTRL)
    type_text(scene, "dev")
    press(scene, pygame.K_RETURN)
    assert scene.error is None and scene.seat_names()[2] == "dev"
    hidden = scene.names[4]
    assert hidden.casefold() == "dev", scene.names  # the name seat 5 would bring back
    kept = scene.names[5]
    scene.set_players(6)
    names = scene.seat_names()
    assert names[4].casefold() != "dev" and len({n.casefold() for n in names}) == 6, names
    assert names[5] == kept  # still free: kept
    assert scene.error is None and scene.find("start").enabled, scene.message
    assert scene.find("name4").text == names[4]


def test_the_partner_line_shortens_a_long_name_before_cutting_it(app, drawn):
    """Partnership 500 at 1024x640 with a 16-letter partner: "you; your partner is
    Maximil…" was cut; the line shortens the name ("Maximilian W.") and then its words."""
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    scene.set_preset("partnership500")
    scene.set_players(4)
    scene.names[0], scene.names[2] = "Christopherson", "Maximilian Wolfg"
    for size in SIZES:
        scene.resize(size)
        drawn.clear()
        draw(scene, size)
        line = next(w for w in drawn if "partner" in w)
        assert "Maximilian" in line and ui.ELLIPSIS not in line, (size, line)
    scene.names[2] = "Ben"
    scene.build()
    drawn.clear()
    draw(scene, SIZES[0])
    assert "you; your partner is Ben" in drawn
    # while the partner's name is being typed, the line follows it (it waited for the Tab)
    field = scene.find("name2")
    click(scene, field.rect.center)
    press(scene, pygame.K_a, pygame.KMOD_CTRL)
    type_text(scene, "Zoe")
    drawn.clear()
    draw(scene, SIZES[0])
    assert "you; your partner is Zoe" in drawn


@pytest.mark.parametrize("make", ["new_game", "rules"])
def test_a_long_list_keeps_its_place_across_a_resize(app, make):
    """Scrolled to the end of the house rules (or the rules) at 1024x640, then resized: the
    list showed its middle at 1920x1080, where the same offset in pixels fell (a tester).
    The end stays the end, and a row at the top stays at the top."""
    from game.ui.menus.rules_screen import RulesScene

    scene = menus.NewGameScene(app) if make == "new_game" else RulesScene(app, Rules.preset("rummy5000"))
    app.stack.push(scene)
    scene.resize((1024, 640))
    view = scene.scroll
    view.scroll_to(view.max_offset)
    for size in ((1920, 1080), (1100, 1000), (1024, 640)):
        scene.resize(size)
        assert scene.scroll.max_offset > 0 and scene.scroll.offset == scene.scroll.max_offset, size
    items = scene.scroll.items
    mid = len(items) // 2
    scene.scroll.scroll_to(items[mid][1].top)
    scene.resize((1280, 800))
    assert scene.scroll.offset == scene.scroll.items[mid][1].top


def test_the_computer_levels_chosen_stay_when_the_game_or_the_players_change(app):
    """A tester saw the levels chosen reset after changing the game or the number of
    players (not reproduced): they stay, and a seat that leaves and comes back keeps its own."""
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    scene.set_players(6)
    for seat, clicks in ((1, 2), (2, 1), (5, 1)):  # (normal → hard → easy; normal → hard)
        for _ in range(clicks):
            cycler = scene.find(f"level{seat}")
            click(scene, (cycler.rect.right - 5, cycler.rect.centery))
    chosen = scene.seat_levels()
    assert chosen[1:] == ["easy", "hard", "normal", "normal", "hard"], chosen
    scene.set_preset("basic")  # (2 to 4 players: six become four)
    assert scene.seat_levels() == chosen[:4]
    scene.set_preset("rummy500")
    scene.set_players(6)
    assert scene.seat_levels() == chosen
    assert [scene.find(f"level{s}").value for s in range(1, 6)] == chosen[1:]


def test_a_name_field_selects_all_with_ctrl_a(app):
    """Ctrl+A selects the whole name: typing replaces it, Backspace clears it."""
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    field = scene.find("name1")
    click(scene, field.rect.center)
    old = field.text
    assert field.editing and old
    plain = draw(scene, app.screen_size)
    press(scene, pygame.K_a, pygame.KMOD_LCTRL)
    marked = draw(scene, app.screen_size)

    def selection_pixels(surface):
        return pygame.mask.from_threshold(surface.subsurface(field.rect), (150, 190, 245),
                                          (2, 2, 2, 255)).count()

    assert selection_pixels(marked) > 100 and selection_pixels(plain) == 0  # shown selected
    type_text(scene, "Zed")
    assert field.text == "Zed"  # the selection was replaced
    type_text(scene, "a")
    assert field.text == "Zeda"  # and typing goes on after it
    press(scene, pygame.K_a, pygame.KMOD_RCTRL)
    press(scene, pygame.K_BACKSPACE)
    assert field.text == ""
    type_text(scene, "Max")
    press(scene, pygame.K_a, pygame.KMOD_CTRL)
    press(scene, pygame.K_RIGHT)  # an arrow lets the selection go: typing adds again
    type_text(scene, "i")
    press(scene, pygame.K_RETURN)
    assert scene.names[1] == "Maxi" and not field.editing


def test_bot_levels_and_the_default_level(app):
    app.settings.default_level = "hard"
    scene = menus.NewGameScene(app)
    assert scene.seat_levels()[1:] == ["hard"] * (scene.players - 1)
    level = scene.find("level1")
    click(scene, (level.rect.right - 4, level.rect.centery))
    assert scene.seat_levels()[1] == "easy"


def test_the_last_setup_is_remembered(app):
    scene = menus.NewGameScene(app)
    scene.set_preset("rummy500")
    scene.set_players(3)
    scene.set_option("target", 1000)
    scene.set_option("wild.tens", True)
    scene.start()
    again = menus.NewGameScene(FakeApp())
    assert again.preset == "rummy500" and again.players == 3
    assert again.build_rules() == app.started[0]
    stored = json.loads((user_data_dir() / "settings.json").read_text())
    assert stored["last_game"]["players"] == 3


def test_the_computer_players_setting_gives_the_level_of_every_seat_not_played_last_time(app):
    """The levels of the last game's seats are kept; a seat added since starts at the
    setting's level, and so does every seat once the setting has been changed."""
    app.settings.default_level = "hard"
    scene = menus.NewGameScene(app)
    scene.set_players(4)
    assert scene.seat_levels() == ["human", "hard", "hard", "hard"]
    scene._set_level(2, "normal")
    scene.start()
    assert app.settings.last_game["levels"] == ["human", "hard", "normal", "hard"]
    again = menus.NewGameScene(app)
    assert again.seat_levels() == ["human", "hard", "normal", "hard"]  # as last time
    app.settings.default_level = "easy"  # the setting changed: every seat starts with it
    again = menus.NewGameScene(app)
    again.set_players(5)
    assert again.seat_levels() == ["human", "easy", "easy", "easy", "easy"]
    app.settings.default_level = "hard"  # (back as it was: the seats played keep theirs)
    again = menus.NewGameScene(app)
    again.set_players(5)
    assert again.seat_levels() == ["human", "hard", "normal", "hard", "hard"]


@pytest.mark.parametrize("last", [
    {"levels": [None, [], {"a": 1}, "hard", 7]},
    {"names": [None, ["x"], "  ", "Zoé"], "players": "four"},
    {"rules": [1, 2], "preset": ["rummy500"]},
    {"rules": {"preset": "george", "target": "high"}},
])
def test_a_damaged_last_setup_is_read_as_far_as_it_makes_sense(app, last):
    """The settings file keeps the last game's setup as any JSON object it was given; the
    new-game screen takes what it can use from it and the defaults for the rest."""
    app.settings.last_game = last
    scene = menus.NewGameScene(app)
    draw(scene, app.screen_size)
    assert scene.build_rules() is not None
    if "levels" in last:
        assert scene.seat_levels()[3] == "hard" and scene.seat_levels()[1] == app.settings.default_level
    if "names" in last:
        assert scene.names[3] == "Zoé" and scene.names[1] != "None"
    rules = menus.RulesScene(app)
    draw(rules, app.screen_size)


def test_reset_house_rules(app):
    scene = menus.NewGameScene(app)
    scene.set_option("wild.twos", True)
    scene.set_option("target", 2500)
    click(scene, scene.find("reset").rect.center)
    assert scene.build_rules() == Rules.preset("rummy5000", target=2500)


def test_keyboard_walks_the_new_game_screen(app):
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    press(scene, pygame.K_DOWN)  # the focus starts on Start game; the first key shows it
    assert scene.focus.current.name == "start" and scene.find("start").focused
    press(scene, pygame.K_DOWN)  # and on round to the top
    assert scene.focus.current.name == "preset"
    press(scene, pygame.K_RIGHT)
    assert scene.preset == PRESETS[1]
    for _ in range(60):  # down into the house rules; the list scrolls to follow
        press(scene, pygame.K_DOWN)
        if scene.focus.current.name == "one_meld_per_turn":
            break
    row = scene.focus.current
    assert row.name == "one_meld_per_turn"
    assert scene.scroll.rect.contains(row.rect)
    press(scene, pygame.K_SPACE)
    assert scene.build_rules().one_meld_per_turn is True


def test_enter_starts_the_new_game(app):
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    press(scene, pygame.K_RETURN)
    assert app.started is not None and scene.preset == "rummy5000"


def test_first_key_on_a_greyed_start_only_shows_the_focus(app):
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    scene.set_players(8)
    scene.set_option("decks", 1)  # refused: Start is greyed
    assert not scene.find("start").enabled
    press(scene, pygame.K_RETURN)  # not Enter on the game's arrow, which would change the game
    assert scene.focus.current.name == "preset" and scene.preset == "rummy5000"
    assert app.started is None


def test_arrow_keys_keep_to_a_column_of_the_seats(app):
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    scene.set_players(4)
    scene.show_focus = True
    scene.focus.focus(scene.find("level1"))

    def at(key):
        press(scene, key)
        return scene.focus.current.name

    assert [at(pygame.K_DOWN), at(pygame.K_DOWN)] == ["level2", "level3"]
    assert at(pygame.K_DOWN) == "reset"  # past the last seat: on as Tab goes
    scene.focus.focus(scene.find("pick3"))
    assert [at(pygame.K_UP), at(pygame.K_UP), at(pygame.K_UP)] == ["pick2", "pick1", "name0"]
    assert at(pygame.K_UP) == "target"  # above your seat: the target, as Shift+Tab goes
    assert at(pygame.K_DOWN) == "name0"
    assert at(pygame.K_DOWN) == "name1"
    # Tab goes along the row; ← → step a level, as every value on the screen
    assert [at(pygame.K_TAB), at(pygame.K_TAB)] == ["pick1", "level1"]
    before = scene.levels[1]
    assert at(pygame.K_RIGHT) == "level1" and scene.levels[1] != before
    assert at(pygame.K_LEFT) == "level1" and scene.levels[1] == before
    scene.focus.focus(scene.find("name1"))
    assert at(pygame.K_RIGHT) == "name1" and not scene.find("name1").editing


def test_typing_into_a_name_in_focus_edits_it(app):
    """A name field in the keyboard's focus took typing only after Enter, and nothing said so:
    a letter now starts editing, in place of the name (as a field entered with Tab is);
    Backspace takes off the last letter."""
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    scene.show_focus = True
    scene.focus.focus(scene.find("name3"))
    type_text(scene, "Z")
    field = scene.find("name3")
    assert field.editing and field.text == "Z"
    type_text(scene, "oe")
    press(scene, pygame.K_RETURN)
    assert not field.editing and scene.names[3] == "Zoe"
    press(scene, pygame.K_BACKSPACE)
    assert field.editing and field.text == "Zo"
    press(scene, pygame.K_ESCAPE)  # as when editing began with Enter: the name as it was
    assert not field.editing and scene.names[3] == "Zoe"
    scene.show_focus = False  # (the mouse's way: no field in the keyboard's focus)
    type_text(scene, "x")
    assert not field.editing and scene.names[3] == "Zoe"


def test_back_keeps_the_setup_for_the_next_visit(app):
    """Esc or Back dropped every change: the screen now opens again as it was left."""
    scene = menus.NewGameScene(app)
    app.stack.push(menus.TitleScene(app))
    app.stack.push(scene)
    scene.set_preset("rummy500")
    scene.set_players(3)
    scene.set_option("wild.twos", True)
    scene.set_name(2, "Chloeyz")
    scene._set_level(1, "hard")
    press(scene, pygame.K_ESCAPE)
    assert app.stack.top is not scene and app.started is None
    again = menus.NewGameScene(app)
    assert again.preset == "rummy500" and again.players == 3 and "twos" in again.build_rules().permanent_wilds
    assert again.names[2] == "Chloeyz" and again.levels[1] == "hard"
    # a setup the engine refuses: the rest is kept, its rules are the last good ones
    again.set_preset("rummy5000")
    again.set_players(8)
    again.set_option("decks", 1)  # eight upcard hands do not fit in one deck
    again.set_name(1, "Bo")
    assert again.error
    again.back()
    third = menus.NewGameScene(app)
    assert third.names[1] == "Bo" and third.validate() is not None
    assert third.preset == "rummy500"  # the last rules the engine took


def test_read_the_rules_of_this_setup(app):
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    scene.set_option("wild.twos", True)
    click(scene, scene.find("read_rules").rect.center)
    top = app.stack.top
    assert isinstance(top, menus.RulesScene) and not top.browse
    assert "twos" in top.rules.permanent_wilds


def test_every_engine_option_is_on_the_new_game_screen():
    assert covered_option_names() == set(Rules.option_names())
    names = [o.name for o in OPTIONS]
    assert len(names) == len(set(names))
    assert {o.group for o in OPTIONS} == set(GROUPS)
    for o in OPTIONS:
        assert o.label and o.help, o.name
        if o.name in CHOICES:  # every engine value has a label, and no other value is offered
            assert {v for v, _ in o.choices} - {None} == set(CHOICES[o.name]), o.name


@pytest.mark.parametrize("preset", PRESETS)
def test_every_offered_value_is_understood_by_the_engine(preset):
    base = Rules.preset(preset)
    for o in OPTIONS:
        if o.is_bool or "." in o.name:
            continue
        for value, _ in o.choices:
            try:
                Rules.preset(preset, **{o.name: value})
            except RulesError as exc:  # a combination may be refused, but never the value itself
                msg = str(exc)
                assert "unknown option" not in msg and f"option {o.name} " not in msg, (o.name, value, msg)
    assert base == Rules.preset(preset)


# ---------------------------------------------------------------------- rules screen


def test_rules_screen_browses_presets_and_scrolls(app):
    scene = menus.RulesScene(app)
    assert scene.browse
    draw(scene, app.screen_size)
    press(scene, pygame.K_DOWN)
    assert scene.scroll.offset > 0
    press(scene, pygame.K_END)
    assert scene.scroll.offset == scene.scroll.max_offset
    press(scene, pygame.K_RIGHT)
    assert scene.rules.preset_name == PRESETS[1]
    wheel(scene, 1)
    assert scene.scroll.offset >= 0


@pytest.mark.parametrize("preset", PRESETS)
def test_rules_text_covers_every_preset(preset):
    rules = Rules.preset(preset)
    sections = describe_rules(rules)
    headings = [h for h, _ in sections]
    assert headings[1:] == ["Cards", "The deal", "Melds", "Your turn", "Calling Rummy!",
                            "Ending a round", "Scoring", "Winning", "Words used here"]
    for heading, paragraphs in sections:
        assert paragraphs and all(p.strip() for p in paragraphs), heading
        assert all(p[0].isupper() for p in paragraphs), heading
    text = rules_as_text(rules)
    lo, hi = rules.player_range()
    assert (f"{lo} to {hi} players" if lo < hi else f"for {lo} players") in text
    assert f"{rules.target:,}" in text


def test_rules_text_follows_the_options():
    r5000 = rules_as_text(Rules.preset("rummy5000"))
    assert "dealer's upcard is wild" in r5000 and "aces 100" in r5000 and "float" in r5000
    basic = rules_as_text(Rules.preset("basic"))
    assert "no wild cards" in basic and "Aces are low" in basic and "top card" in basic
    assert "deeper card" not in basic
    george = rules_as_text(Rules.preset("george"))
    assert "2s are taken out" in george and "only one wild card" in george
    assert "a run is" not in george
    assert "no calling" in rules_as_text(Rules.preset("rummy500"))
    # partners: whoever goes out collects the other team's hands; a partner's meld does not
    # open lay-offs (a tester found neither said)
    team5000 = rules_as_text(Rules.preset("rummy5000", partnerships=True))
    assert "collects only the other team's hands: a partner's cards count for nobody" in team5000
    # and so does the scoring section (it said "every card left in the other players' hands")
    assert "every card left in the other team's hands" in team5000 and "other players' hands" not in team5000
    basic = rules_as_text(Rules.preset("basic", partnerships=True))
    assert "the team whose hands add up to less takes the difference" in basic and "tied winners" not in basic
    adds = rules_as_text(Rules.preset("rummy500", partnerships=True, round_scoring="add_to_out_player"))
    assert "adds the value of the cards left in the other team's hands" in adds
    # who wins, by the team's total
    must = rules_as_text(Rules.preset("partnership500", winner_rule="must_go_out"))
    assert "until a player whose team is at or over the target goes out" in must
    assert "the higher team total wins" in rules_as_text(Rules.preset("partnership500"))
    assert "a partner's cards" not in rules_as_text(Rules.preset("partnership500"))  # hands minus
    own = rules_as_text(Rules.preset("partnership500", layoff_needs_own_meld=True))
    assert "a meld of your own on the table this round (a partner's meld is not enough)." in own
    twos = rules_as_text(Rules.preset("rummy500", permanent_wilds={"jokers", "twos"}))
    assert "Always wild: jokers and twos" in twos
    # the card values say that an always-wild 2 scores as a wild card ("2 to 9 score 5 each"
    # read as a 2 scoring 5: a tester)
    assert "a wild card 100 (a wild ace 200), twos included." in rules_as_text(
        Rules.preset("rummy5000", permanent_wilds={"twos"}))
    assert "twos included" in twos and "jokers included" not in twos  # (jokers have their words)
    assert ", twos included" not in rules_as_text(Rules.preset("rummy5000"))
    rotating = rules_as_text(Rules.preset("rummy5000", wild_indicator="rotating"))
    assert "13 rounds" in rotating
    adds = rules_as_text(Rules.preset("rummy500", round_scoring="add_to_out_player"))
    assert "except with two players: each adds the value of the other's hand" in adds
    teams = rules_as_text(Rules.preset("partnership500", round_scoring="add_to_out_player"))
    assert "each team adds the value of the other team's hands" in teams
    again = rules_as_text(Rules.preset("rummy500", empty_stock="reshuffle"))
    assert "over into a new stock" in again and "cannot or will not take" in again and "only if someone has put a card on the table" in again


def test_rules_text_for_every_single_option_value():
    for o in OPTIONS:
        values = [False, True] if o.is_bool else [v for v, _ in o.choices]
        for value in values:
            try:
                if o.name.startswith("wild."):
                    rules = Rules.preset("rummy5000", permanent_wilds={o.name[5:]} if value else set())
                elif o.name.startswith("values."):
                    rules = Rules.preset("rummy5000", values={o.name[7:]: value})
                else:
                    rules = Rules.preset("rummy5000", **{o.name: value})
            except RulesError:
                continue
            assert describe_rules(rules)


def test_the_rules_text_says_what_the_engine_asks_of_a_top_card_and_of_an_always_wild_upcard():
    george = rules_as_text(Rules.preset("george"))
    assert ("A card taken from the top of the pile must go into a new meld with two natural cards "
            "from your hand, in the same turn.") in george
    assert "always-wild upcard" not in george  # (no card is always wild in George)
    assert "always-wild upcard" not in rules_as_text(Rules.preset("rummy5000"))
    twos = rules_as_text(Rules.preset("rummy5000", permanent_wilds=frozenset({"twos"})))
    assert "An always-wild upcard counts 15." in twos
    assert "must be melded or laid off in the same turn" in rules_as_text(
        Rules.preset("rummy5000", top_take_must_use=True))


def test_the_rules_of_a_table_say_how_many_decks_it_is_dealt_from():
    twos = Rules.preset("rummy5000", permanent_wilds=frozenset({"twos"}))
    assert twos.decks_for(4) == 2  # (the deal of this many cards needs a second deck)
    cards = " ".join(dict(describe_rules(twos, 4))["Cards"])
    assert "With 4 players here: 2 decks (104 cards)." in cards
    assert "With 3 players here: one deck (52 cards)." in " ".join(
        dict(describe_rules(Rules.preset("rummy5000"), 3))["Cards"])
    assert "players here" not in " ".join(dict(describe_rules(twos))["Cards"])  # (no table: no count)
    assert "players here" not in " ".join(dict(describe_rules(Rules.preset("rummy5000", decks=2), 4))["Cards"])
    # a pack with jokers: its count says they are in it ("one deck of 52 cards" then "(56
    # cards)" read as two numbers for one thing: a tester)
    assert "With 4 players here: one deck (56 cards, jokers included)." in " ".join(
        dict(describe_rules(Rules.preset("persian"), 4))["Cards"])


def test_the_last_rounds_sheet_says_the_game_is_over():
    from game.ui.rules_text import round_over_words

    state = played_round("rummy500", 3, seed=2, to_game_over=True)
    last = len(state.results)
    assert round_over_words(state, last) == (f"Round {last} is over", "Playing to 150: the game is over")
    if last > 1:
        assert round_over_words(state, last - 1)[1] == "Playing to 150"


def test_the_rules_end_with_the_words_a_new_player_needs():
    words = dict(describe_rules(Rules.preset("rummy500")))["Words used here"]
    text = " ".join(words)
    assert "Lay off:" in text and "Melds minus hand:" in text and "natural card" in text
    basic = " ".join(dict(describe_rules(Rules.preset("basic")))["Words used here"])
    assert "Wild card" not in basic and "Melds minus hand" not in basic and "Meld: a set" in basic


def test_the_rules_of_another_game_open_at_their_top(app):
    scene = menus.RulesScene(app, Rules.preset("rummy500"))
    scene.scroll.scroll_to(scene.scroll.max_offset)
    assert scene.scroll.offset > 0
    scene.set_preset("basic")
    assert scene.scroll.offset == 0


def test_at_the_table_says_how_the_pile_is_taken_in_this_game():
    from game.ui.rules_text import table_controls

    basic = " ".join(table_controls(Rules.preset("basic")))
    assert "cannot be taken in this game" in basic and "every card above it" not in basic
    assert "every card above it" in " ".join(table_controls(Rules.preset("rummy500")))
    assert "a click on the scores in the sidebar" in basic  # (the mouse's way, not only T)
    assert "If you take only the top card of the pile, you may not discard it" in rules_as_text(
        Rules.preset("rummy500"))


def test_round_explanations():
    names = ["You", "Ann", "Bob"]
    state = played_round("rummy5000", 3)
    res = state.results[-1]
    text = explain_round(state.rules, res, names)
    assert text and (("went out" in text) or ("stock ran out" in text))
    for scoring in ("melds_minus_hand", "winner_collects", "penalty", "add_to_out_player"):
        assert explain_round(Rules.preset("rummy5000", round_scoring=scoring), res, names)


def test_round_explanations_agree_with_who_scored():
    from types import SimpleNamespace

    names = ["You", "Ann", "Bob"]
    out = SimpleNamespace(went_out=0, bonus=[260, 0, 0], in_hand=[0, 125, 135])
    text = explain_round(Rules.preset("rummy5000"), out, names)
    assert text.startswith("You went out.") and "lay-offs; you also collect the 260 points" in text
    add = explain_round(Rules.preset("rummy5000", round_scoring="add_to_out_player"), out, names)
    assert "; you add the 260 points" in add
    names_ann = ["Ann", "You", "Bob"]
    assert "Ann also collects the 260 points" in explain_round(Rules.preset("rummy5000"), out, names_ann)
    basic = Rules.preset("basic")
    assert "You collect the 260" in explain_round(basic, out, names)
    # one point, from one other hand (it read "collects the 1 points left in the other hands")
    lone = SimpleNamespace(went_out=0, bonus=[1, 0], in_hand=[0, 1])
    assert explain_round(basic, lone, names_ann[:2]).endswith("Ann collects the 1 point left in the other hand.")
    assert explain_round(Rules.preset("rummy5000"), lone, names_ann[:2]).endswith(
        "Ann also collects the 1 point left in the other hand.")
    empty = SimpleNamespace(went_out=0, bonus=[0, 0, 0], in_hand=[0, 0, 0])  # (the others floating)
    assert explain_round(Rules.preset("rummy5000"), empty, names).endswith(
        "you also collect nothing, as no points were left in the other hands.")
    one = SimpleNamespace(went_out=None, bonus=[0, 12, 0], in_hand=[20, 8, 12])
    assert "Ann had the lowest hand and collects the difference" in explain_round(basic, one, names)
    two = SimpleNamespace(went_out=None, bonus=[3, 3, 0], in_hand=[8, 8, 14])
    assert explain_round(basic, two, names).endswith(
        "You and Ann tied for the lowest hand and split the 6 points of difference from the other hands: "
        "3 each.")
    # a pot too small to split is not "level" hands
    odd = SimpleNamespace(went_out=None, bonus=[0, 0, 0], in_hand=[15, 15, 16])
    assert explain_round(basic, odd, names).endswith("split the 1 point of difference from the other hands: "
                                                     "0 each (rounded down).")
    level = SimpleNamespace(went_out=None, bonus=[0, 0, 0], in_hand=[9, 9, 9])
    assert explain_round(basic, level, names).endswith("The hands were level, so no one scores.")
    # "Out adds hands" on an empty stock: two players, or two teams, add each other's hands
    adds = Rules.preset("rummy500", round_scoring="add_to_out_player")
    assert explain_round(adds, SimpleNamespace(went_out=None, bonus=[14, 8], in_hand=[8, 14]), names[:2]).endswith(
        "Everyone scores their melds and lay-offs; each adds the points left in the other's hand.")
    teams = Rules.preset("partnership500", round_scoring="add_to_out_player")
    assert explain_round(teams, SimpleNamespace(went_out=None, bonus=[9, 8, 0, 0], in_hand=[3, 4, 5, 6]),
                         names + ["Cy"]).endswith("each team adds the points left in the other team's hands.")
    assert explain_round(adds, level, names).endswith("lay-offs; the cards left in hand count for nobody.")
    r500 = Rules.preset("rummy500", going_out_bonus=50)
    assert "You get 50 for going out" in explain_round(r500, SimpleNamespace(
        went_out=0, bonus=[50, 0, 0], in_hand=[0, 5, 5]), names)
    # with partners, the out player collects the other team's hands only (a tester read "the
    # 135 points left in the other hands" where 105 of them were the partner's)
    four = names + ["Cy"]
    side = SimpleNamespace(went_out=0, bonus=[30, 0, 0, 0], in_hand=[0, 20, 105, 10])
    for scoring, verb in (("melds_and_out_bonus", "also collect"), ("add_to_out_player", "add"),
                          ("winner_collects", "collect")):
        rules = Rules.preset("rummy5000", partnerships=True, round_scoring=scoring)
        assert explain_round(rules, side, four).endswith(
            f"{verb} the 30 points left in the other team's hands."), scoring
    # winner_collects on an empty stock, by team: 20 + 5 against 8 + 12
    teams_low = SimpleNamespace(went_out=None, bonus=[0, 5, 0, 0], in_hand=[20, 8, 5, 12])
    assert explain_round(Rules.preset("basic", partnerships=True), teams_low, four).endswith(
        "Ann and Cy had the lower hands (20 points against 25) and collect the difference from the other "
        "team's hands.")
    even = SimpleNamespace(went_out=None, bonus=[0, 0, 0, 0], in_hand=[20, 8, 5, 17])
    assert explain_round(Rules.preset("basic", partnerships=True), even, four).endswith(
        "The hands were level, so no one scores.")


def test_every_option_value_fits_its_selector_on_the_smallest_window(app):
    """"The one who went out" was cut to "The one who went…" in its selector (a tester):
    every house rule's values fit whole at 1024x640."""
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    scene.resize((1024, 640))
    t = scene.theme
    for row in scene.scroll.widgets():
        control = getattr(row, "control", None)
        if not isinstance(control, ui.Cycler):
            continue
        font = t.font(control.size, True)
        room = control.rect.width - 2 * control.arrow_width()  # (the arrows at either end)
        for _, label in control.choices:
            assert font.size(label)[0] <= room, (getattr(row, "name", ""), label, room)


def test_read_the_rules_of_a_setup_that_cannot_start_says_so_first(app):
    """"Read the rules" of a setup the screen refuses (a pack too small for the deal) read
    as if it could be played (a tester): the refusal comes first."""
    from game.ui.menus.rules_screen import RulesScene

    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    scene.set_players(8)
    scene.set_option("decks", 1)
    assert scene.error and not scene.find("start").enabled
    scene.show_rules()
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    texts = [w.text for w, _ in rules.scroll.items if hasattr(w, "text")]
    assert texts[1] == f"This setup cannot be played as it is: {scene.error}"
    app.stack.pop()
    scene.set_option("decks", None)
    assert not scene.error
    scene.show_rules()
    assert not any("cannot be played" in w.text for w, _ in app.stack.top.scroll.items if hasattr(w, "text"))


def test_the_rules_of_a_game_of_sets_only_speak_of_sets():
    """George has sets only: its rules said "Aces are high only", "one in each half" and a
    wild rank "in its own place", all about runs (a tester). They speak of sets there."""
    text = " ".join(" ".join(lines) for _, lines in describe_rules(Rules.preset("george")))
    assert not Rules.preset("george").allow_runs
    assert "Aces are high only" not in text and "one in each half" not in text and "in a run" not in text
    assert "A set may hold only one wild card (two in a set of six or more)." in text
    assert "A card of the wild rank in a set of its own rank counts as natural there" in text
    assert "A set holds at most four cards for each deck in the pack, wild cards included." in text
    # without wild cards, none are "included" (after "There are no wild cards": a tester)
    basic = " ".join(" ".join(lines) for _, lines in describe_rules(Rules.preset("basic")))
    assert "There are no wild cards." in basic and "wild cards included" not in basic
    assert "A set holds at most four cards for each deck in the pack." in basic
    # a top card that must be melded needs no word about not discarding it
    assert Rules.preset("george").top_take_must_use and Rules.preset("george").top_take_no_return
    assert "may not discard it in the same turn" not in text
    r500 = " ".join(" ".join(lines) for _, lines in describe_rules(Rules.preset("rummy500", lowest_rank=6)))
    assert "Aces are high only." in r500
    assert "in a set of its own rank or in its own place in a run" in " ".join(
        " ".join(lines) for _, lines in describe_rules(Rules.preset("rummy5000")))


def test_the_rules_say_how_a_team_game_of_deals_is_won_and_what_a_floater_may_do():
    """Persian: the side ahead "wins the difference" (RULES.md), and a floater draws only from
    the stock and may call Rummy! and float on; the rules left both out (a tester)."""
    persian = dict(describe_rules(Rules.preset("persian")))
    assert any(t.endswith("and scores 50 extra points; it wins by the difference between the totals.")
               for lines in persian.values() for t in lines)
    r5000 = dict(describe_rules(Rules.preset("rummy5000")))
    assert any("draw from the stock (never the pile)" in t for t in r5000["Ending a round"])
    assert "A floating player who calls plays the card and floats on, with nothing to discard." in \
        r5000["Calling Rummy!"]
    assert not any("floating player who calls" in t for lines in dict(describe_rules(Rules.preset("rummy500"))).values()
                   for t in lines)


def test_the_last_deals_bonus_is_told_apart_from_going_out():
    """Persian rummy: 25 for going out, and 50 to the side ahead after the last deal."""
    from types import SimpleNamespace

    names = ["You", "Ann", "Bob", "Cy"]
    rules = Rules.preset("persian")
    assert rules.going_out_bonus == 25 and rules.final_bonus == 50
    both = SimpleNamespace(went_out=0, bonus=[75, 0, 0, 0], in_hand=[0, 5, 5, 5], final_to=0)
    text = explain_round(rules, both, names)
    assert "You get 25 for going out" in text and "final bonus of 50" in text and "goes to you" in text
    level = SimpleNamespace(went_out=0, bonus=[25, 0, 0, 0], in_hand=[0, 5, 5, 5], final_to=None, round=2)
    assert explain_round(rules, level, names).endswith(
        "The sides are level after the last round, so the final bonus of 50 goes to no one.")
    first = SimpleNamespace(went_out=0, bonus=[25, 0, 0, 0], in_hand=[0, 5, 5, 5], final_to=None, round=1)
    assert "final bonus" not in explain_round(rules, first, names)
    apart = SimpleNamespace(went_out=0, bonus=[25, 50, 0, 0], in_hand=[0, 5, 5, 5], final_to=1)
    text = explain_round(rules, apart, names)
    assert "You get 25 for going out" in text and "goes to Ann" in text
    # the bonus is the side's: the sentence names both partners, and whose row holds it
    assert "goes to you and Bob, and it is counted on your row." in explain_round(rules, both, names)
    assert "goes to Ann and Cy, and it is counted on Ann\u2019s row." in text
    alone = Rules.preset("rummy500", deals=2, final_bonus=50)  # (no partners: one seat's own)
    assert explain_round(alone, apart, names).endswith("the final bonus of 50, for the side ahead after the "
                                                       "last round, goes to Ann.".replace("the final", "The final"))
    assert "final" not in explain_round(rules, SimpleNamespace(
        went_out=0, bonus=[25, 0, 0, 0], in_hand=[0, 5, 5, 5], final_to=None), names)


def test_the_goal_shown_is_what_ends_the_game():
    """A game of fixed length (Persian's two deals; rotating wilds, one deal a rank) is
    not played to its target: the table and the round sheet count the deals instead."""
    from game.engine import new_game
    from game.ui.rules_text import goal_text

    g, _ = new_game(Rules.preset("persian"), 4, seed=1)
    assert goal_text(g) == "Round 1 of 2" and goal_text(g, short=True) == "round 1 of 2"
    g, _ = new_game(Rules.preset("rummy500", wild_indicator="rotating", lowest_rank=6), 3, seed=1)
    assert goal_text(g) == f"Round 1 of {1 + g.deals_left()}" and g.deals_left() == 8  # A, 6 .. K: nine deals
    g, _ = new_game(Rules.preset("rummy5000"), 4, seed=1)
    assert goal_text(g) == "Playing to 5,000" and goal_text(g, short=True) == "to 5,000"
    g, _ = new_game(Rules.preset("basic", round_scoring="penalty", target=100), 3, seed=1)
    assert goal_text(g) == "Playing to 100 (lowest total wins)"


# ---------------------------------------------------------------------- settings and stats screens


def test_settings_screen_changes_and_saves(app):
    scene = menus.SettingsScene(app)
    app.stack.push(scene)
    sound = show_row(scene, "sound")
    click(scene, sound.control.rect.center)
    assert app.settings.sound is False
    assert not scene.find("volume").control.enabled
    four = show_row(scene, "four_colour")
    click(scene, four.control.rect.center)
    assert app.settings.four_colour is True
    speed = show_row(scene, "animation_speed")
    click(scene, (speed.control.rect.x + 4, speed.control.rect.centery))
    assert app.settings.animation_speed < 1.0
    window = show_row(scene, "rummy_window")
    track = window.control.track_rect()
    click(scene, (track.right, track.centery))
    assert app.settings.rummy_window == 10
    help_ = show_row(scene, "rummy_help")
    click(scene, help_.control.rect.center)
    assert app.settings.rummy_help is False
    click(scene, scene.find("done").rect.center)
    saved = json.loads((user_data_dir() / "settings.json").read_text())
    assert saved["sound"] is False and saved["four_colour"] is True and saved["rummy_window"] == 10
    assert saved["rummy_help"] is False
    assert app.stack.top is None
    draw(scene, app.screen_size)


def test_settings_that_cannot_be_saved_say_so_once_and_let_the_player_go_back(app):
    """Done (or Escape) saves; when the file cannot be written the screen says why and
    stays, and the next press goes back all the same: the player is never held here."""
    (user_data_dir() / "settings.json").mkdir(parents=True)  # a folder in the way
    scene = menus.SettingsScene(app)
    app.stack.push(scene)
    click(scene, scene.find("done").rect.center)
    assert app.stack.top is scene and scene.message_is_error
    assert scene.message == ("Your settings could not be saved: Is a directory (settings.json). They apply "
                             "until you close the game.")
    assert scene.find("done").label == "Done anyway"  # (what the next press does)
    scene.build()  # (a new window size keeps it)
    assert scene.find("done").label == "Done anyway"
    # the whole message shows beside the buttons, at the smallest window
    small = FakeApp((1024, 640))
    shown = menus.SettingsScene(small)
    shown.say(scene.message, error=True)
    drawn: list[str] = []
    real = ui.draw_text
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ui, "draw_text", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text, *a, **k))
        draw(shown, (1024, 640))
    assert " ".join(t for t in drawn if t in scene.message).split() == scene.message.split()
    click(scene, scene.find("done").rect.center)
    assert app.stack.top is None


def test_settings_restore_defaults(app):
    app.settings.card_back = "red"
    app.settings.volume = 0.1
    app.settings.window_size, app.settings.fullscreen = [1300, 820], True
    app.settings.last_game = {"players": 3}
    app.settings.hand_sort = "rank"
    scene = menus.SettingsScene(app)
    applied = app.applied
    click(scene, scene.find("defaults").rect.center)
    assert app.settings.card_back == "blue" and app.settings.volume == Settings().volume
    assert app.applied == applied + 1  # the table shows the default cards at once
    # what the game keeps for itself is not a setting of this screen
    assert app.settings.window_size == [1300, 820] and app.settings.fullscreen is True
    assert app.settings.last_game == {"players": 3} and app.settings.hand_sort == "rank"


def test_the_stand_in_application_offers_nothing_the_real_one_lacks():
    """The tests' FakeApp may only stand for names App really has, so a screen that works
    with it cannot ask the real application for something it does not have."""
    recorders = {"started", "continued", "quitted", "applied"}
    fake = {n for n in set(vars(FakeApp)) | set(vars(FakeApp())) if not n.startswith("_")}
    real = App(size=(1024, 640), settings=Settings())
    try:
        missing = sorted(n for n in fake - recorders if not hasattr(real, n))
    finally:
        real.close_scenes()
    assert missing == []


def test_stats_screen_shows_and_resets(app):
    stats = Stats()
    stats.record_game("rummy500", True, 612, 5)
    stats.save()
    scene = menus.StatsScene(app)
    assert scene.stats.get("rummy500").wins == 1
    draw(scene, app.screen_size)
    reset = scene.find("reset")
    click(scene, reset.rect.center)
    assert Stats.load().get("rummy500").games == 1  # the first click only asks
    click(scene, scene.find("reset").rect.center)
    assert Stats.load().get("rummy500").games == 0


@pytest.mark.parametrize("games", [1, 0])
def test_stats_screen_buttons_stay_put_when_the_statistics_are_cleared(app, games):
    """With a record (and its line by level) or none, clearing it moves no button."""
    stats = Stats()
    if games:
        stats.record_game("rummy500", True, 612, 5, against="hard")
    for size in SIZES:
        stats.save()
        scene = menus.StatsScene(FakeApp(size))
        draw(scene, size)
        where = {n: scene.find(n).rect.copy() for n in ("back", "reset")}
        click(scene, where["reset"].center)
        click(scene, where["reset"].center)
        assert scene.message == "Statistics cleared."
        draw(scene, size)
        assert {n: scene.find(n).rect for n in ("back", "reset")} == where, size
        assert scene.body.bottom < where["back"].top


def test_stats_screen_says_how_many_games_were_left_unfinished(app, monkeypatch):
    said, draw_text = [], ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: (said.append(text),
                                                                         draw_text(surface, text, *a, **k))[1])
    draw(menus.StatsScene(app), app.screen_size)  # none yet: it says what will count, unfinished ones too
    assert "No games yet: a game counts when it ends, or as not won if another ends it unfinished." in said
    monkeypatch.setattr(ui, "draw_text", draw_text)
    stats = Stats()
    stats.record_game("rummy500", True, 612, 5)
    stats.record_abandoned("rummy5000", 2)
    stats.save()
    said, draw_text = [], ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: (said.append(text),
                                                                         draw_text(surface, text, *a, **k))[1])
    draw(menus.StatsScene(app), app.screen_size)
    assert "2 games played in all, 1 of them left unfinished (counted as not won, with no best score)." in said
    assert not [text for text in said if "opponent" in text]  # nothing known of the levels yet


def test_stats_screen_says_the_game_in_progress_is_not_counted_yet(app, monkeypatch):
    """Rounds stayed at 0 for a game being played, with nothing to say why (a tester)."""
    from test_ui_table import hint_play

    from game.ui.controller import Controller, autosave_path

    def lines(size):
        said, draw_text = [], ui.draw_text
        monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: (said.append(text),
                                                                             draw_text(surface, text, *a, **k))[1])
        scene = menus.StatsScene(FakeApp(size))
        draw(scene, size)
        monkeypatch.setattr(ui, "draw_text", draw_text)
        return said, scene

    said, _ = lines((1024, 640))
    assert not [text for text in said if "progress" in text]
    c = Controller.new("rummy500", 3, seed=4, save_path=autosave_path())
    c.autosave()
    said, _ = lines((1024, 640))
    assert "Not counted yet: your Rummy 500 game in progress." in said
    hint_play(c, lambda: len(c.g.results) == 2)  # (two rounds, the person taking the hint's moves)
    c.autosave()
    stats = Stats()
    stats.record_game("rummy500", True, 612, 5, against="hard")
    stats.save()
    for size in SIZES:  # (with the line by level under it, and the buttons below both)
        said, scene = lines(size)
        assert "Not counted yet: your Rummy 500 game in progress, 2 rounds played so far." in said
        assert [text for text in said if text.startswith("Your wins")]
        assert scene.body.bottom < scene.find("back").rect.top


def test_stats_screen_shows_the_wins_by_computer_level(app, monkeypatch):
    stats = Stats()
    stats.record_game("rummy500", True, 612, 5, against="hard")
    stats.record_game("rummy5000", False, 2400, 9, against="hard")
    stats.record_game("basic", True, 100, 3, against="easy")
    stats.save()
    said, draw_text = [], ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: (said.append(text),
                                                                         draw_text(surface, text, *a, **k))[1])
    for size in SIZES:
        scene = menus.StatsScene(FakeApp(size))
        draw(scene, size)
        line = "Your wins, by your strongest computer opponent: Easy 1 of 1  ·  Hard 1 of 2"
        assert said.count(line) == 1, said
        assert scene.body.bottom < scene.find("back").rect.top
        said.clear()


# ---------------------------------------------------------------------- round end and game over


def test_round_end_next_button(app):
    calls = []
    state = played_round()
    scene = sheets.RoundEndScene(app, state, lambda: calls.append(1))
    draw(scene, app.screen_size)
    click(scene, scene.find("next").rect.center)
    assert calls == [1]
    press(scene, pygame.K_RETURN)
    assert calls == [1, 1]


TABLE_GREEN = (10, 120, 60, 255)


def over_the_table(scene, size):
    """A frame of ``scene`` over a plain green stand-in for the table."""
    surface = pygame.Surface(size)
    surface.fill(TABLE_GREEN)
    scene.draw(surface)
    return surface


def scene_marks(scene):
    return (scene.peeking, scene.show_focus, scene.focus.index, scene.message,
            [(w.name, w.visible, w.focused, w.hover, w.pressed, w.enabled) for w in scene.widgets])


def test_the_round_sheet_can_be_put_aside_to_see_the_table(app):
    calls = []
    state = played_round("rummy5000", 4, seed=4)
    scene = sheets.RoundEndScene(app, state, lambda: calls.append(1))
    app.stack.push(scene)
    size = app.screen_size
    assert over_the_table(scene, size).get_at(scene.body.center) != TABLE_GREEN  # the sheet covers it
    click(scene, scene.find("view").rect.center)
    assert scene.peeking and calls == []
    before = scene_marks(scene)
    frame = over_the_table(scene, size)
    assert scene_marks(scene) == before  # drawing changes nothing
    back = scene.find("back")
    # the whole table shows, undimmed, but for the small way back in a corner
    uncovered = sum(frame.get_at((x, y)) == TABLE_GREEN for x in range(0, size[0], 16)
                    for y in range(0, size[1], 16))
    assert uncovered / ((size[0] // 16) * (size[1] // 16)) > 0.95
    assert back.visible and frame.get_at(back.rect.center) != TABLE_GREEN
    assert not scene.find("next").visible and not scene.find("view").visible
    press(scene, pygame.K_RETURN)  # Enter brings the sheet back; it does not deal
    assert not scene.peeking and calls == []
    press(scene, pygame.K_v)
    assert scene.peeking
    click(scene, scene.find("next").rect.center)  # (hidden: not pressed by a click there)
    assert calls == []
    press(scene, pygame.K_v)
    assert not scene.peeking
    press(scene, pygame.K_v)
    press(scene, pygame.K_t)  # the scores open over the table as it ended (T did nothing there)
    assert isinstance(app.stack.top, sheets.ScoresScene) and scene.peeking
    app.stack.pop()
    click(scene, back.rect.center)
    assert not scene.peeking and over_the_table(scene, size).get_at(scene.body.center) != TABLE_GREEN
    press(scene, pygame.K_RETURN)
    assert calls == [1]


@pytest.mark.parametrize("size", [*SIZES, (1280, 800)])
def test_the_way_back_from_the_table_stays_within_the_sidebar(size):
    """While the table is looked at, the small panel sits over the sidebar's idle buttons,
    never over the play area beside it (the hand and melds)."""
    from game.ui.layout import TableLayout

    app = FakeApp(size)
    state = played_round("rummy5000", 4, seed=4)
    scene = sheets.RoundEndScene(app, state, None)
    draw(scene, size)
    lay = TableLayout(size, 4)
    side = lay.sidebar
    assert side.contains(scene.peek_box), (scene.peek_box, side)
    # it covers the Menu button, the one the table shows between rounds, edge to edge
    menu = lay.buttons(["menu"])["menu"]
    assert scene.peek_box.contains(menu.inflate(2, 2)), (scene.peek_box, menu)
    back = scene.find("back")
    assert scene.peek_box.contains(back.rect)
    t = scene.theme  # the whole label shows (the button cuts a longer one short with "…")
    assert t.font(back.size, True).size(back.label)[0] <= back.rect.width - t.px(12)


def test_a_team_games_round_sheet_lists_partners_together_with_each_teams_round():
    from game.ui.sheets import teams_lines

    app = FakeApp((1024, 640))
    state = played_round("partnership500", 4, seed=4)
    scene = sheets.RoundEndScene(app, state, None)
    draw(scene, (1024, 640))
    assert scene.row_seats == [0, 2, 1, 3]  # (partners sit opposite: seats 0 and 2)
    res = state.results[-1]
    us = res.points[0] + res.points[2]
    line = teams_lines(state, res)[0]
    assert line.startswith(f"Teams  ·  You & Bot 2: {us:+,} → {state.scores[0] + state.scores[2]:,}")
    assert len(scene.hand_rows) == 4


@pytest.mark.parametrize("size", SIZES)
def test_the_round_sheet_shows_the_cards_left_in_each_hand(size):
    """Eight players fit at 1024x640, each with the cards left in hand as small tiles."""
    app = FakeApp(size)
    state = played_round("rummy5000", 8, seed=8)
    scene = sheets.RoundEndScene(app, state, None)
    frame = over_the_table(scene, size)
    for seat in range(8):
        shown = [text for text, _, _ in scene.hand_cards(seat)]
        assert sorted(shown) == sorted(card_name(c) if c.rank else "Jk" for c in state.hands[seat])
    assert any(state.hands[seat] for seat in range(8)) and not all(state.hands[seat] for seat in range(8))
    rows = scene.hand_rows
    assert len(rows) == 8
    buttons = min(w.rect.top for w in scene.widgets if w.visible)
    for seat, (row, below) in enumerate(zip(rows, rows[1:] + [None])):
        assert scene.body.contains(row) and row.bottom <= buttons
        assert below is None or row.bottom <= below.top
        tiles = pygame.mask.from_threshold(frame.subsurface(row), ui.CREAM, (3, 3, 3, 255)).count()
        assert (tiles > 0) == bool(state.hands[seat]), seat  # a light tile for each card held
    assert pygame.Rect((0, 0), size).contains(scene.body)


def test_card_tiles_ink_suits_mark_wilds_and_cut_a_long_hand():
    font = ui.get_font(14, True)
    tiles, shown = ui.card_tiles([("7♥", 2, False), ("K♠", 3, False)], font, 300)
    assert shown == 2 and tiles.get_width() == 300
    assert pygame.mask.from_threshold(tiles, ui.RED_SUIT, (40, 40, 40, 255)).count() > 0
    assert pygame.mask.from_threshold(tiles, ui.WILD_TILE, (3, 3, 3, 255)).count() == 0
    wild, _ = ui.card_tiles([("7♥", 2, True)], font, 300)
    assert pygame.mask.from_threshold(wild, ui.WILD_TILE, (3, 3, 3, 255)).count() > 0
    four, _ = ui.card_tiles([("7♦", 1, False)], font, 300, four_colour=True)
    assert pygame.mask.from_threshold(four, (20, 70, 190), (40, 40, 40, 255)).count() > 0
    many, shown = ui.card_tiles([("10♥", 2, False)] * 40, font, 200)
    assert 0 < shown < 40 and many.get_width() == 200  # the rest is a count ("+33")
    one_more, _ = ui.card_tiles([("10♥", 2, False)] * shown, font, 200)
    assert one_more.get_bounding_rect().right < many.get_bounding_rect().right  # (the count)


@pytest.mark.parametrize("preset, players, column", [("rummy500", 3, False), ("partnership500", 4, False),
                                                    ("rummy5000", 3, True), ("basic", 2, True)])
def test_the_round_sheet_has_a_bonus_column_only_where_a_bonus_may_come(app, monkeypatch, preset, players, column):
    """Rummy 500 and Partnership 500 give no bonus: their sheets had a column of dashes."""
    said = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: said.append(text) or real(
        surface, text, *a, **k))
    state = played_round(preset, players, seed=3)
    draw(sheets.RoundEndScene(app, state, None), app.screen_size)
    assert ("Bonus" in said) == column
    assert {"Melded", "In hand", "This round", "Total"} <= set(said)


def test_the_round_sheet_counts_rounds_as_the_sidebar_does(app, monkeypatch):
    """Persian rummy: the sidebar says "Round 1"; the sheet says "Round 1 of 2", never "deal"."""
    said = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: said.append(text) or real(
        surface, text, *a, **k))
    state = played_round("persian", 4, seed=3)
    assert state.round_no == 1
    draw(sheets.RoundEndScene(app, state, None), app.screen_size)
    assert "Round 1 of 2 is over" in said and "1 more round to play" in said
    assert not [text for text in said if "deal" in text.lower()]
    rules = Rules.preset("persian")
    last = SimpleNamespace(went_out=0, bonus=[75, 0, 0, 0], in_hand=[0, 5, 5, 5], final_to=0)
    assert "after the last round" in explain_round(rules, last, ["You", "A", "B", "C"])
    state = played_round("rummy5000", 3, seed=3)
    said.clear()
    draw(sheets.RoundEndScene(app, state, None), app.screen_size)
    assert f"Round {state.round_no} is over" in said and "Playing to 5,000" in said


def test_a_sheet_lets_enter_go_by_for_a_moment_after_it_opens(app, monkeypatch):
    """A player pressing Enter on the table (a meld, a hint) as a computer player went out
    had the game-over sheet's button pressed by it, and never saw the result (a tester).
    For a moment after a sheet opens, Enter and Space do nothing; then they press the
    focused button as ever. A click is never held back."""
    import time as _time

    monkeypatch.setattr(sheets.SheetScene, "KEY_GUARD", 0.6)
    now = [1000.0]
    monkeypatch.setattr(_time, "monotonic", lambda: now[0])
    state = played_round("rummy500", 3, seed=11, to_game_over=True)
    choices = []
    scene = sheets.GameOverScene(app, state, choices.append)
    app.stack.push(scene)
    press(scene, pygame.K_RETURN)
    press(scene, pygame.K_SPACE)
    assert choices == []
    now[0] += 0.7
    press(scene, pygame.K_RETURN)
    assert len(choices) == 1
    quick = sheets.GameOverScene(app, state, choices.append)
    app.stack.push(quick)
    click(quick, quick.find("title").rect.center)
    assert choices[-1] == "title"


def test_game_over_records_the_game_once(app):
    state = played_round("rummy500", 3, seed=11, to_game_over=True)
    choices = []
    scene = sheets.GameOverScene(app, state, choices.append)
    scene.record()
    entry = Stats.load().get("rummy500")
    assert entry.games == 1
    assert entry.wins == (1 if 0 in state.winners else 0)
    assert entry.best_score == state.scores[0]
    assert entry.total_rounds == len(state.results)
    click(scene, scene.find("new_game").rect.center)
    click(scene, scene.find("title").rect.center)
    assert choices == ["new_game", "title"]
    assert scene.headline()


def test_game_over_counts_the_game_against_the_strongest_computer_opponent(app):
    state = played_round("rummy500", 3, seed=11, to_game_over=True)
    sheets.GameOverScene(app, state, None, levels=["", "easy", "hard"])
    won = 1 if 0 in state.winners else 0
    assert Stats.load().get_against("hard").games == 1 and Stats.load().get_against("hard").wins == won
    # with partners, the partner (seat 2, here the hard one) is not an opponent
    state = played_round("partnership500", 4, seed=2, to_game_over=True)
    sheets.GameOverScene(app, state, None, levels=["", "normal", "hard", "easy"])
    stats = Stats.load()
    assert (stats.get_against("normal").games, stats.get_against("hard").games) == (1, 1)


def test_game_over_default_navigation(app):
    state = played_round("rummy500", 3, seed=5, to_game_over=True)
    scene = sheets.GameOverScene(app, state, None)
    app.stack.push(scene)
    click(scene, scene.find("new_game").rect.center)
    assert isinstance(app.stack.top, menus.NewGameScene)
    assert isinstance(app.stack.scenes[0], menus.TitleScene)
    scene.done("title")
    assert [type(s) for s in app.stack.scenes] == [menus.TitleScene]


def test_game_over_without_a_person_keeps_no_statistics(app):
    app.human_seat = None
    state = played_round("rummy500", 3, seed=5, to_game_over=True)
    sheets.GameOverScene(app, state, None)
    assert Stats.load().total_games == 0


def test_the_game_over_sheet_is_painted_once_not_every_frame(app, monkeypatch):
    state = played_round("rummy500", 3, seed=11, to_game_over=True)
    scene = sheets.GameOverScene(app, state, None)
    first = draw(scene, app.screen_size)
    said = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: said.append(text) or real(
        surface, text, *a, **k))
    again = draw(scene, app.screen_size)
    # the next frame copies the panel: only the buttons' words are drawn again
    assert not [text for text in said if text not in ("New game", "All rounds (T)", "Title screen")], said
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(first, "RGB")
    scene.resize((1024, 640))  # a new size paints it again, with the words
    draw(scene, (1024, 640))
    assert "Game over" in said and f"{max(state.scores):,}" in said


def test_statistics_that_cannot_be_saved_are_reported_on_the_game_over_sheet(app, monkeypatch):
    def refuse(self):
        raise OSError("disk full")

    monkeypatch.setattr(Stats, "save", refuse)
    said = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: said.append(text) or real(
        surface, text, *a, **k))
    state = played_round("rummy500", 3, seed=11, to_game_over=True)
    scene = sheets.GameOverScene(app, state, None)
    draw(scene, app.screen_size)
    assert scene.record_problem == "The statistics could not be saved: disk full"
    assert scene.record_problem in said


# ---------------------------------------------------------------------- toolkit


def test_wrap_text_fits_the_width():
    font = ui.get_font(16)
    text = "A fairly long sentence that will need wrapping, with a veryveryverylongwordthatmustbecut."
    lines = ui.wrap_text(text, font, 120)
    assert len(lines) > 2
    assert all(font.size(line)[0] <= 120 for line in lines)
    assert ui.fit_text(text, font, 100).endswith("…")


def test_slider_and_cycler_keys():
    values = []
    s = ui.Slider(0, 10, 0.5, 4, values.append, pygame.Rect(0, 0, 300, 30))
    assert s.adjust(1) and s.value == 4.5
    s.value = 10
    assert not s.adjust(1)
    c = ui.Cycler([(1, "one"), (2, "two")], 1, values.append, pygame.Rect(0, 0, 200, 30))
    assert c.adjust(1) and c.value == 2
    assert c.adjust(1) and c.value == 1  # wraps
    assert values == [4.5, 2, 1]


def _motion(pos, held):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0))


@pytest.mark.parametrize("end", ["released outside", "focus lost"])
def test_a_slider_or_scroll_bar_let_go_unseen_stops_following_the_pointer(end):
    """The button let go outside the window (the next motion has no button held) or the
    window losing the focus: the knob or the thumb stays where it was moved to, and later
    motion without a press does not move it."""
    values = []
    s = ui.Slider(0, 10, 0.5, 4, values.append, pygame.Rect(0, 0, 300, 30))
    track = s.track_rect()
    s.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(track.centerx, track.centery), button=1))
    s.handle(_motion((track.right, track.centery), True))
    assert s.dragging and s.value == 10
    if end == "focus lost":
        s.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    s.handle(_motion((track.left, track.centery), False))
    assert not s.dragging and s.value == 10

    view = ui.ScrollView(pygame.Rect(0, 0, 200, 100))
    for i in range(20):
        view.add(ui.Heading(f"line {i}", pygame.Rect(0, 0, 180, 30)), pygame.Rect(0, i * 30, 180, 30))
    view.layout()
    track, thumb = view._bar()
    view.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    view.handle(_motion((thumb.centerx, thumb.centery + 30), True))
    moved = view.offset
    assert view.dragging is not None and moved > 0
    if end == "focus lost":
        view.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    view.handle(_motion((thumb.centerx, track.bottom), False))
    assert view.dragging is None and view.offset == moved


def test_a_tie_between_the_teams_is_said_in_a_few_words(app, monkeypatch):
    state = played_round("partnership500", 4, seed=2, to_game_over=True)
    state.winners = (0, 1, 2, 3)
    scene = sheets.GameOverScene(app, state, None)
    assert scene.headline() == "Both teams share the win"
    state = played_round("rummy500", 6, seed=2, to_game_over=True)
    state.names = ("You", "Alexandrina", "Bartholomew", "Christabel", "Maximilian", "Wilhelmina")
    state.winners = (0, 1, 2, 3, 4, 5)
    drawn = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: drawn.append(text) or real(
        surface, text, *a, **k))
    draw(sheets.GameOverScene(app, state, None), app.screen_size)
    assert "6 players share the win" in drawn


def test_the_persian_winners_sheet_says_by_how_much_the_side_ahead_won(app, monkeypatch):
    state = played_round("persian", 4, seed=3, to_game_over=True)
    a, b = state.side_scores()
    drawn = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: drawn.append(text) or real(
        surface, text, *a, **k))
    draw(sheets.GameOverScene(app, state, None), app.screen_size)
    assert a != b and any(t.endswith(f"won by {abs(a - b):,} points") for t in drawn)


def test_partnership_sheets_show_teams(app):
    state = played_round("partnership500", 4, seed=2, to_game_over=True)
    draw(sheets.RoundEndScene(app, state, lambda: None), app.screen_size)
    scene = sheets.GameOverScene(app, state, None)
    draw(scene, app.screen_size)
    side = next(side for side in state.sides() if 0 in side)
    assert Stats.load().get("partnership500").best_score == sum(state.scores[s] for s in side)
    assert scene.headline() in ("Your team wins!", "Bot 1 & Bot 3 win") or "share" in scene.headline()
    setup = menus.NewGameScene(app)
    setup.set_preset("persian")
    assert not setup.find("target").enabled  # two deals, no target
    assert setup.find("target").resting_label == "2 deals"  # (shown instead of a greyed 500)
    setup.set_preset("rummy500")
    assert setup.find("target").enabled and setup.find("target").resting_label is None
    setup.set_option("wild_indicator", "rotating")
    assert setup.find("target").resting_label == "to the kings' round"
    # no fixed number of deals: the game goes on to the kings' round ("Play to the target" read
    # oddly beside the greyed target, a tester)
    assert setup.find("deals").control.label == "To the kings' round"
    setup.set_option("wild_indicator", "dealer_upcard")
    assert setup.find("deals").control.label == "Play to the target"
    setup.set_option("wild_indicator", "rotating")
    setup.set_preset("persian")
    assert setup.find("final_bonus").control.enabled
    # greyed where the lowest total wins, "Who wins" read "Highest score" beside that note
    setup.set_preset("rummy5000")
    who = setup.find("winner_rule").control
    assert who.enabled and who.resting_label is None
    setup.set_option("round_scoring", "penalty")
    assert not who.enabled and who.resting_label == "Lowest total"


def continue_failing(app, why: str):
    """The title after Continue was pressed and the application could not go on: ``why``."""

    def broken():
        raise RuntimeError(why)

    app.continue_game = broken
    title = menus.TitleScene(app)
    click(title, title.find("continue").rect.center)
    return title


def test_continue_with_a_bad_save_stays_on_the_title(app):
    (user_data_dir() / "autosave.json").write_text("{}")
    title = continue_failing(app, "the save is damaged")
    assert "damaged" in title.notice
    draw(title, app.screen_size)


def test_the_title_greys_continue_at_once_for_a_save_that_cannot_be_read(app):
    """A save and a backup copy both damaged: the title says so as it opens, with Continue
    greyed and the files kept aside (it lit Continue, and said so only when pressed); a save
    whose backup copy can be read keeps Continue."""
    from game.engine.save import dumps_game

    save = user_data_dir() / "autosave.json"
    save.write_text("garbage")
    save.with_name("autosave.json.bak").write_text('{"not": "a game"}')
    title = menus.TitleScene(app)
    assert not title.find("continue").enabled and title.find("new_game").primary
    assert title.notice.startswith("The saved game could not be loaded: it and its backup copy are damaged.")
    assert (user_data_dir() / "autosave.json.damaged").read_text() == "garbage"
    assert not menus.has_autosave()
    draw(title, app.screen_size)
    g, _ = new_game(Rules.preset("rummy5000"), 3, seed=1)
    save.write_text("garbage")
    save.with_name("autosave.json.bak").write_text(dumps_game(g))
    title = menus.TitleScene(app)
    # Continue goes on from the backup copy, and the title says so before it is pressed
    # (the words beside Continue were the backup's, with nothing said: a tester)
    assert title.find("continue").enabled
    assert title.notice == "The saved game is damaged: Continue goes on from its backup copy."
    draw(title, app.screen_size)
    save.write_text(dumps_game(g))  # (the next move saves it whole again)
    title.enter()
    assert title.notice is None
    app.settings.problem = "The settings file was damaged"  # (another notice is not taken away)
    save.write_text("garbage")
    title.enter()
    assert title.notice == "The saved game is damaged: Continue goes on from its backup copy."
    title.notice = "The settings file was damaged"
    save.write_text(dumps_game(g))
    title.enter()
    assert title.notice == "The settings file was damaged"


def test_arrows_move_between_buttons_side_by_side_and_the_gold_one_is_entered(app):
    """On "A game in progress" the two answers sit side by side: → did nothing and Enter
    kept the game (a tester pressed → Enter for the new one), and the gold stayed on
    "Keep my game" with the focus on the other. ← and → move between them; the gold one is
    the one Enter presses."""
    from game.ui.menus.replace_game import ReplaceGameScene

    said = []
    scene = ReplaceGameScene(app, "Rummy 5000, round 1", "Start the new game", "A new game",
                             start_new=lambda: said.append("new"), keep=lambda: said.append("keep"))
    keep, new = scene.find("keep"), scene.find("new")
    assert scene.focus.current is keep and keep.primary and not new.primary
    press(scene, pygame.K_RIGHT)
    assert scene.focus.current is new and new.primary and not keep.primary
    press(scene, pygame.K_RIGHT)  # (nothing further right)
    assert scene.focus.current is new
    press(scene, pygame.K_LEFT)
    assert scene.focus.current is keep and keep.primary
    press(scene, pygame.K_RIGHT)
    press(scene, pygame.K_RETURN)
    assert said == ["new"]
    draw(scene, app.screen_size)
    assert keep.size == new.size == 18  # (side by side, one size: "Start the new game" was smaller)
    long = ReplaceGameScene(app, "Rummy 5000, round 1", "Open a-friends-game-from-last-week.json", "Opening it",
                            start_new=lambda: None, keep=lambda: None)
    assert long.find("keep").size == long.find("new").size < 18


def test_a_save_from_a_newer_version_is_called_so_not_damaged(app):
    """A save (and its backup copy) written by a newer version of the game, opened after a
    downgrade, were called damaged and renamed so: the title says where they came from, and
    keeps them whole as .newer."""
    import json as _json

    from game.engine.save import dumps_game

    g, _ = new_game(Rules.preset("rummy5000"), 3, seed=1)
    data = _json.loads(dumps_game(g))
    data["version"] = 2
    save = user_data_dir() / "autosave.json"
    text = _json.dumps(data)
    save.write_text(text)
    save.with_name("autosave.json.bak").write_text(text)
    title = menus.TitleScene(app)
    assert not title.find("continue").enabled
    assert title.notice == (
        "The saved game comes from a newer version of Rummy 5000, as does its backup copy. It is kept in the "
        "data folder as autosave.json.newer: renamed back to autosave.json, it opens in that version. Start a "
        "new game to play on here.")
    assert (user_data_dir() / "autosave.json.newer").read_text() == text
    assert (user_data_dir() / "autosave.json.bak.newer").read_text() == text
    # with its seat list, which is kept beside it, for the next game here writes its own (a tester)
    for name in ("autosave.json.newer", "autosave.json.bak.newer"):
        (user_data_dir() / name).rename(user_data_dir() / name.removesuffix(".newer"))
    (user_data_dir() / "autosave.json.seats").write_text('[{"name": "Zoë"}]')
    title = menus.TitleScene(app)
    assert title.notice == (
        "The saved game comes from a newer version of Rummy 5000, as does its backup copy. It is kept in the "
        "data folder as autosave.json.newer, its players as autosave.json.seats.newer: renamed back without "
        "“.newer”, they open in that version. Start a new game to play on here.")
    assert (user_data_dir() / "autosave.json.seats.newer").read_text() == '[{"name": "Zoë"}]'
    # every word shown, at every size (it was cut at its third line, with no "…": a tester)
    from game.ui import ui_kit

    real = ui_kit.draw_text
    for size in SIZES + [(1280, 720)]:
        shown: list[str] = []

        def record(surface, text, *a, shown=shown, **kw):
            shown.append(text)
            return real(surface, text, *a, **kw)

        title.resize(size)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(ui_kit, "draw_text", record)
            draw(title, size)
        said = " ".join(shown[shown.index(next(t for t in shown if t.startswith("The saved game"))):])
        assert said.startswith(title.notice), (size, shown)


def test_continue_with_a_save_and_backup_both_damaged_says_so_in_words_and_keeps_them(app):
    from game.ui.controller import Controller

    save = user_data_dir() / "autosave.json"
    save.write_text("garbage")
    save.with_name("autosave.json.bak").write_bytes(b"\x00\xff\xfe")
    app.continue_game = lambda: Controller.load(save)
    title = menus.TitleScene(app)
    click(title, title.find("continue").rect.center)
    notice = title.notice
    assert "damaged" in notice and "new game" in notice
    assert "codec" not in notice and "utf-8" not in notice.lower() and "JSON" not in notice
    # Continue is off (it would only repeat the error); both files are kept, renamed
    assert not title.find("continue").enabled and not menus.has_autosave()
    assert (user_data_dir() / "autosave.json.damaged").read_text() == "garbage"
    assert (user_data_dir() / "autosave.json.bak.damaged").read_bytes() == b"\x00\xff\xfe"
    assert "autosave.json.damaged and autosave.json.bak.damaged" in notice
    draw(title, app.screen_size)
    # a damaged save with no backup copy is not said to have one; an earlier damaged copy stays
    save.write_text("garbage again")
    title = menus.TitleScene(app)
    click(title, title.find("continue").rect.center)
    assert title.notice == ("The saved game could not be loaded: it is damaged (and has no backup copy). "
                            "It is kept in the data folder as autosave.json.damaged.2; start a new game "
                            "to play on.")
    assert (user_data_dir() / "autosave.json.damaged").read_text() == "garbage"
    assert (user_data_dir() / "autosave.json.damaged.2").read_text() == "garbage again"


def test_continue_with_a_folder_for_a_save_and_no_backup_says_it_could_not_be_read(app):
    from game.ui.controller import Controller

    save = user_data_dir() / "autosave.json"
    save.mkdir()
    app.continue_game = lambda: Controller.load(save)
    title = menus.TitleScene(app)  # (said as the title opens: Continue is greyed)
    assert not title.find("continue").enabled
    click(title, title.find("continue").rect.center)
    assert title.notice == ("The saved game could not be loaded: it could not be read (a folder, not a saved game) "
                            "(and it has no backup copy). It is kept in the data folder as "
                            "autosave.json.unreadable; start a new game to play on.")
    assert (user_data_dir() / "autosave.json.unreadable").is_dir() and not title.find("continue").enabled
    # a folder, and a damaged backup copy: each is said as it is
    save.mkdir()
    save.with_name("autosave.json.bak").write_text("garbage")
    title = menus.TitleScene(app)
    click(title, title.find("continue").rect.center)
    assert "it could not be read (a folder, not a saved game); its backup copy is damaged." in title.notice
    assert (user_data_dir() / "autosave.json.bak.damaged").read_text() == "garbage"


def test_a_save_that_is_not_text_is_reported_in_words():
    from game.ui.controller import read_save

    save = user_data_dir() / "autosave.json"
    save.write_bytes(b"\x00\xff\xfe")
    with pytest.raises(RuntimeError) as err:
        read_save(save)
    assert "not text" in str(err.value) and "codec" not in str(err.value)


def test_leaving_a_game_uses_the_applications_go_title(app):
    closed = []

    def go_title():
        closed.append(True)
        menus.go_title(app)

    app.go_title = go_title
    state = played_round("rummy500", 3, seed=5, to_game_over=True)
    scene = sheets.GameOverScene(app, state)
    app.stack.push(scene)
    scene.done("title")
    assert closed == [True] and isinstance(app.stack.top, menus.TitleScene)
    menus.go_new_game(app)
    assert closed == [True, True] and isinstance(app.stack.top, menus.NewGameScene)


def test_rules_from_the_title_start_at_the_last_preset(app):
    app.settings.last_game = {"rules": {"preset": "george", "target": 1000}}
    scene = menus.RulesScene(app)
    assert scene.browse and scene.rules == Rules.preset("george")


def test_the_table_controls_speak_of_rummy_only_where_it_is_called():
    from game.ui.rules_text import TABLE_CONTROLS, table_controls

    assert table_controls(Rules.preset("rummy5000")) == list(TABLE_CONTROLS)
    for preset in ("rummy500", "partnership500", "persian"):
        assert Rules.preset(preset).rummy_calls == "off"
        assert not any("Rummy" in t for t in table_controls(Rules.preset(preset)))
    # a call that takes from the pile is made with a pile card, not by dropping the discard on a meld
    pile = [t for t in table_controls(Rules.preset("rummy500", rummy_calls="pile")) if t.startswith("Rummy!")]
    assert len(pile) == 1 and "pile card" in pile[0] and "onto the meld" not in pile[0]


def test_the_rummy_call_setting_says_what_each_choice_lets_a_player_do():
    """The text under "Calling Rummy!" said "Snatch a discard..." whatever was chosen."""
    from game.ui.rules_text import OPTION_BY_NAME, option_help

    info = OPTION_BY_NAME["rummy_calls"]
    said = {mode: option_help(info, Rules.preset("rummy5000", rummy_calls=mode), 4)
            for mode in CHOICES["rummy_calls"]}
    assert len(set(said.values())) == len(said)
    assert "pile" in said["pile"] and "anyone" in said["top_card"] and "Nobody" in said["off"]


def test_the_title_lists_the_other_games_by_their_own_names(app, monkeypatch):
    from game.ui.rules_text import preset_title

    drawn = []
    text = ui.draw_text

    def draw_text(surface, s, *args, **kw):
        drawn.append(s)
        return text(surface, s, *args, **kw)

    monkeypatch.setattr(ui, "draw_text", draw_text)
    draw(menus.TitleScene(app), (1024, 640))
    line = next(s for s in drawn if "Rummy 500" in s and "Basic" in s)
    # (after "Also": the list alone read as the box's games, Rummy 5000 not among them, a tester)
    assert line.split("  ·  ") == ["Also:  Rummy 500", "Basic rummy", "George", "Partnership 500", "Persian Rummy"]
    assert "5000 Rummy" not in line and preset_title("george").startswith("George")


def test_the_rules_text_says_lay_offs_score_only_where_melds_score():
    def text(preset):
        return " ".join(" ".join(lines) for _, lines in describe_rules(Rules.preset(preset)))

    assert "A laid-off card scores for the player who laid it" in text("rummy5000")
    basic = text("basic")  # only the winner's collection scores, for two to four players
    assert "laid-off card scores" not in basic and "two decks for more" not in basic
    assert "two decks for more" in text("rummy5000")


def test_a_pack_too_small_is_explained_with_the_screens_own_option_names(app):
    scene = menus.NewGameScene(app)
    assert scene.preset == "rummy5000"
    scene.overrides["decks"] = 1
    scene.set_players(8)
    scene.validate()
    assert scene.error and "upcard_counts" not in scene.error and "_" not in scene.error
    assert "Upcard number counts: Whole hand" in scene.error and "more \u201cDecks\u201d" in scene.error
    assert "a pack of 1 deck has 52" in scene.error
    # the options named are marked on their rows, as when the message named them by attribute
    scene.sync()
    assert scene.find("upcard_counts").blamed and not scene.find("court_counts").blamed
    assert scene.find("decks").blamed


def test_the_rules_can_be_read_while_only_the_player_count_is_refused(app):
    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    scene.overrides["decks"] = 1
    scene.set_players(8)
    assert scene.validate() is None and scene.error
    scene.show_rules()
    assert isinstance(app.stack.top, menus.RulesScene)


def test_a_round_ended_before_everyone_had_a_turn_says_so_and_names_the_grace_rule(app, monkeypatch):
    from types import SimpleNamespace

    names = ["You", "Ann", "Elena"]
    out = SimpleNamespace(went_out=2, bonus=[0, 0, 45], in_hand=[20, 25, 0])
    early = explain_round(Rules.preset("rummy5000"), out, names, early=True)
    assert early.startswith("Elena went out before everyone had a turn")
    assert "Grace turn after a quick out\u201d, off in this game, would give everyone one first" in early
    assert explain_round(Rules.preset("rummy5000"), out, names).startswith("Elena went out.")
    # with the house rule on, the turns it gave are said
    graced = explain_round(Rules.preset("rummy5000", first_turn_out_grace=True), out, names, graced=True)
    assert graced.startswith("Elena went out before everyone had a turn, so the players who had not had one "
                             "each played one, as the house rule \u201cGrace turn after a quick out\u201d says. ")
    # the sheet works it out from the turns each seat has had
    state = played_round("rummy5000", 3, seed=3)
    said = []
    graces = []
    monkeypatch.setattr(sheets, "explain_round", lambda *a, **kw: said.append(a[-1]) or graces.append(kw["graced"]) or "")
    res = state.results[-1]
    assert res.went_out is not None, "this fixed deal should end with someone going out: pick another seed"
    state.turns = [0] * 3
    draw(sheets.RoundEndScene(app, state, lambda: None), app.screen_size)
    state.turns = [1] * 3
    draw(sheets.RoundEndScene(app, state, lambda: None), app.screen_size)
    assert said[0] is True and said[-1] is False
    assert graces[-1] is False
    state.first_out_turn = True  # (the grace turns were played)
    draw(sheets.RoundEndScene(app, state, lambda: None), app.screen_size)
    assert graces[-1] is True


def test_a_readable_save_that_fails_to_continue_for_another_reason_is_left_alone(app):
    from game.engine.save import dumps_game

    g, _ = new_game(Rules.preset("rummy5000"), 3, seed=1)
    save = user_data_dir() / "autosave.json"
    save.write_text(dumps_game(g))
    title = continue_failing(app, "something else went wrong")
    assert "something else went wrong" in title.notice
    assert save.read_text() == dumps_game(g) and title.find("continue").enabled


def test_a_three_line_explanation_still_leaves_room_for_every_hands_cards(app):
    """A quick out's sentence (with the grace rule) takes three lines at 1100x700; the sheet
    grows by the third line instead of squeezing out the cards left in the hands."""
    state = played_round("rummy5000", 4, seed=4)
    assert state.results[-1].went_out is not None
    state.turns = [0] * 4  # the round ended before everyone had a turn
    app.screen_size = (1100, 700)
    scene = sheets.RoundEndScene(app, state, lambda: None)
    draw(scene, app.screen_size)
    assert len(scene.hand_rows) == 4
    assert len(scene.explanation) == 3
    assert scene.body.bottom <= 700 - scene.theme.px(20)


# ---------------------------------------------------------------------- scores, round by round


@pytest.fixture
def drawn(monkeypatch):
    """The words the menus draw from now on, in order (a list a test may clear)."""
    words = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: words.append(text) or real(
        surface, text, *a, **k))
    return words


def played_rounds(preset, players, rounds, seed=3):
    """A real engine state after ``rounds`` rounds of random legal moves (no game end)."""
    names = ["You"] + [f"Bot {i}" for i in range(1, players)]
    g, _ = new_game(Rules.preset(preset, target=10**6), players, seed=seed, names=names)
    rng = random.Random(seed)
    while True:
        for _ in range(5000):
            if g.phase == ROUND_OVER:
                break
            g.apply(rng.choice(g.legal_actions()))
        assert g.phase == ROUND_OVER
        if len(g.results) == rounds:
            return g
        g.next_round()


def _column_sums(rows):
    return [sum(col) for col in zip(*(points for _, points, _ in rows))]


@pytest.mark.parametrize("preset,players", [("rummy500", 3), ("rummy5000", 5), ("partnership500", 4)])
def test_the_scores_sheet_lists_every_round_and_its_columns_add_up(app, preset, players):
    g = played_rounds(preset, players, 5)
    scene = sheets.ScoresScene(app, g)
    cols = scene.columns()
    if preset == "partnership500":  # a column per team, named by its players
        assert [seats for _, seats in cols] == [list(side) for side in g.sides()]
        assert all(" & " in name for name, _ in cols)
    else:
        assert [name for name, _ in cols] == [g.seat_name(s) for s in range(players)]
    totals = [sum(g.scores[s] for s in seats) for _, seats in cols]
    rows = scene.rows(100)
    assert [label for label, _, _ in rows] == [str(r.round) for r in g.results]
    assert _column_sums(rows) == totals
    for (_, _, out), res in zip(rows, g.results):
        assert out == [res.went_out in seats for _, seats in cols]
    # with room for three rows, the first rounds are summed in the first, and the columns
    # still add up to the totals
    folded = scene.rows(3)
    assert len(folded) == 3 and folded[0][0] == f"1–{len(g.results) - 2}"
    assert [label for label, _, _ in folded[1:]] == [str(r.round) for r in g.results[-2:]]
    assert _column_sums(folded) == totals
    # a summed row keeps the star of a column that went out in any of its rounds (a tester
    # missed them)
    assert folded[0][2] == [any(r.went_out in seats for r in g.results[:-2]) for _, seats in cols]
    for size in SIZES:
        scene.resize(size)
        draw(scene, size)


def test_the_scores_sheet_scrolls_through_rounds_that_do_not_fit(app, drawn):
    g = played_rounds("rummy500", 3, 24)
    scene = sheets.ScoresScene(app, g)
    cols = scene.columns()
    totals = [sum(g.scores[s] for s in seats) for _, seats in cols]
    labels = lambda rows: [label for label, _, _ in rows]  # noqa: E731
    # every view fits its room, and each column adds up to the total
    for skip in (None, 0, 2, 5, 19, 20, 21, 50):
        rows = scene.rows(5, skip)
        assert len(rows) == 5 and _column_sums(rows) == totals, skip
    assert labels(scene.rows(5)) == ["1–20", "21", "22", "23", "24"]
    assert labels(scene.rows(5, 21)) == labels(scene.rows(5))
    assert labels(scene.rows(5, 0)) == ["1", "2", "3", "4", "5–24"]
    assert labels(scene.rows(5, 4)) == ["1–4", "5", "6", "7", "8–24"]
    # the sheet opens at the last round; the keys and the wheel move through the rest
    scene.resize((1024, 640))
    room, last = scene.room, 24 - scene.room + 1
    assert 5 <= room < 24 and scene.scrolls() and scene.skip is None
    press(scene, pygame.K_DOWN)  # already at the end
    assert scene.skip is None
    press(scene, pygame.K_UP)
    assert scene.skip == last - 1
    press(scene, pygame.K_HOME)
    assert scene.skip == 0
    press(scene, pygame.K_DOWN)  # the first round is never summed alone
    assert scene.skip == 2
    press(scene, pygame.K_UP)
    assert scene.skip == 0
    press(scene, pygame.K_PAGEDOWN)
    assert scene.skip == min(room - 2, last) or (room - 2 >= last and scene.skip is None)
    press(scene, pygame.K_END)
    assert scene.skip is None
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))  # the wheel up: earlier rounds
    assert scene.skip == last - 2
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert scene.skip == last - 1
    assert isinstance(app.stack.top, sheets.ScoresScene) or app.stack.top is None  # scrolling closes nothing
    # on the screen: a small window shows fewer rows than rounds, says that there are more,
    # and its rows follow the scroll
    drawn.clear()
    scene.build()
    assert any(text.startswith("More rounds") for text in drawn)
    assert "24" not in drawn and "23–24" in drawn  # (one up from the end: the last two summed)
    drawn.clear()
    press(scene, pygame.K_HOME)
    assert "1" in drawn and "2" in drawn and f"{scene.room}–24" in drawn
    scene.resize((1600, 1400))  # room for every round: nothing to scroll
    drawn.clear()
    scene.build()
    assert not scene.scrolls() and not any(text.startswith("More rounds") for text in drawn)
    assert all(str(r) in drawn for r in range(1, 25))
    press(scene, pygame.K_UP)  # does nothing, breaks nothing


def test_the_moves_sheet_opens_at_the_newest_move_and_scrolls_back(app, drawn):
    colours = [(200, 60, 60), (60, 120, 220)]
    lines = [(colours[i % 2], f"{'Ann' if i % 2 else 'You'} move {i + 1}") for i in range(60)]
    lines[10] = (colours[0], "You melded " + " ".join(["Q♦ K♦ A♦ 2♦ 3♦"] * 12))  # a long one
    app.screen_size = (1024, 640)
    scene = sheets.MovesScene(app, "Round 4", lines)
    room = scene.room
    assert 5 <= room < 60 and scene.scrolls() and len(scene.rows) > 60
    # the long move goes on to indented rows without a dot of their own
    at = next(i for i, (_, text) in enumerate(scene.rows) if text.startswith("You melded"))
    assert scene.rows[at][0] == colours[0] and scene.rows[at + 1][0] is None
    # it opens at the newest move
    assert "Ann move 60" in drawn and "You move 1" not in drawn and "Round 4" in drawn
    assert any(text.startswith("More moves") for text in drawn)
    assert scene.first_shown() == len(scene.rows) - room
    drawn.clear()
    press(scene, pygame.K_HOME)
    assert scene.first_shown() == 0 and "You move 1" in drawn and "Ann move 60" not in drawn
    press(scene, pygame.K_DOWN)
    assert scene.first_shown() == 1
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))  # a notch: three rows
    assert scene.first_shown() == 4
    press(scene, pygame.K_PAGEDOWN)
    assert scene.first_shown() == 4 + room - 2
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=50))
    assert scene.first_shown() == 0
    press(scene, pygame.K_END)
    assert scene.top is None and scene.first_shown() == len(scene.rows) - room
    # a short list: nothing to scroll, no note
    drawn.clear()
    few = sheets.MovesScene(app, "Round 1", lines[:3])
    assert not few.scrolls() and not any(t.startswith("More moves") for t in drawn)
    assert all(text in drawn for _, text in lines[:3])
    press(few, pygame.K_UP)
    assert few.first_shown() == 0
    drawn.clear()
    sheets.MovesScene(app, "Round 1", [])
    assert "No moves yet this round." in drawn
    for key in (pygame.K_l, pygame.K_ESCAPE, pygame.K_RETURN):  # each closes it
        app.stack.push(scene)
        press(scene, key)
        assert app.stack.top is not scene
    for size in SIZES:
        scene.resize(size)
        draw(scene, size)


def test_the_scores_sheet_before_any_round_is_scored(app, drawn):
    g, _ = new_game(Rules.preset("rummy5000"), 3, seed=1)
    scene = sheets.ScoresScene(app, g)
    assert scene.rows(10) == []
    scene.build()
    assert "No round has been scored yet." in drawn and "Total" in drawn


def test_the_scores_sheet_opens_from_a_rounds_sheet_and_the_game_over_sheet(app):
    g = played_round("rummy500", 3, to_game_over=True)
    sheet = sheets.RoundEndScene(app, g, lambda: None)
    app.stack.push(sheet)
    press(sheet, pygame.K_t)
    scores = app.stack.top
    assert isinstance(scores, sheets.ScoresScene) and scores.state is g
    for key in (pygame.K_t, pygame.K_ESCAPE, pygame.K_RETURN):  # each closes it
        press(scores, key)
        assert app.stack.top is sheet
        press(sheet, pygame.K_t)
        scores = app.stack.top
    click(scores, scores.find("back").rect.center)
    assert app.stack.top is sheet
    over = sheets.GameOverScene(app, g, lambda choice: None)
    app.stack.push(over)
    click(over, over.find("scores").rect.center)
    assert isinstance(app.stack.top, sheets.ScoresScene)
    press(app.stack.top, pygame.K_ESCAPE)
    press(over, pygame.K_t)
    assert isinstance(app.stack.top, sheets.ScoresScene)


def test_f1_shows_the_games_rules_from_its_sheets_and_from_the_new_game_screen(app):
    """F1 shows the rules at the table; on a round's sheet, the winners' sheet and the
    new-game screen it did nothing."""
    g = played_round("rummy500", 3, to_game_over=True)
    for sheet in (sheets.RoundEndScene(app, g, lambda: None), sheets.GameOverScene(app, g, lambda choice: None)):
        app.stack.push(sheet)
        press(sheet, pygame.K_F1)
        rules = app.stack.top
        assert isinstance(rules, menus.RulesScene) and rules is not sheet
        press(rules, pygame.K_ESCAPE)
        assert app.stack.top is sheet
        app.stack.pop()
    setup = menus.NewGameScene(app)
    app.stack.push(setup)
    press(setup, pygame.K_F1)
    assert isinstance(app.stack.top, menus.RulesScene)


def test_l_on_the_round_and_game_over_sheets_asks_the_table_for_the_moves(app, drawn):
    g = played_round("rummy500", 3, to_game_over=True)
    sheets.RoundEndScene(app, g, lambda: None)  # the round's sheet names the keys it has
    assert "T: every round's scores" in drawn and "L: this round's moves" not in drawn
    sheets.RoundEndScene(app, g, lambda: None, on_moves=lambda: None)
    assert "L: this round's moves" in drawn
    sheets.GameOverScene(app, g, lambda choice: None)
    assert "L: the last round's moves" not in drawn
    sheets.GameOverScene(app, g, lambda choice: None, on_moves=lambda: None)
    assert "L: the last round's moves" in drawn
    asked = []
    for sheet in (sheets.RoundEndScene(app, g, lambda: None, on_moves=lambda: asked.append("round")),
                  sheets.GameOverScene(app, g, lambda choice: None, on_moves=lambda: asked.append("over"))):
        app.stack.push(sheet)
        press(sheet, pygame.K_l)
        assert app.stack.top is sheet
    assert asked == ["round", "over"]
    quiet = sheets.RoundEndScene(app, g, lambda: None)  # no table behind it: L does nothing
    app.stack.push(quiet)
    press(quiet, pygame.K_l)
    assert app.stack.top is quiet and asked == ["round", "over"]


def test_a_scene_that_holds_below_stops_time_for_the_scenes_it_covers():
    from game.ui.scene import Scene

    class Seen(Scene):
        opaque = False

    class Holds(Seen):
        holds_below = True

    stack = SceneStack()
    table, sheet, scores = Scene(None), Seen(None), Holds(None)
    stack.push(table)
    stack.push(sheet)
    assert stack.visible() == stack.running() == [table, sheet]  # a sheet lets the table run on
    stack.push(scores)
    assert stack.visible() == [table, sheet, scores] and stack.running() == [scores]
    stack.pop()
    assert stack.running() == [table, sheet]


def test_points_are_green_when_they_help_and_red_when_they_hurt():
    plain, penalty = Rules.preset("rummy500"), Rules.preset("basic", round_scoring="penalty")
    assert penalty.lowest_total_wins and not plain.lowest_total_wins
    assert [sheets._points_colour(plain, p) for p in (40, -15, 0)] == [ui.OK, ui.ERROR, ui.MUTED]
    # with penalty scoring a round's points are charged: the fewer the better
    assert [sheets._points_colour(penalty, p) for p in (40, -15, 0)] == [ui.ERROR, ui.OK, ui.MUTED]


def test_no_default_player_name_is_a_word_of_a_house_rules_name():
    """The round's end once read "the house rule 'Grace turn after a quick out' ... would give
    everyone one first" at a table with a player called Grace."""
    import re

    from game.ui.controller import BOT_NAMES
    from game.ui.rules_text import OPTIONS

    words = {w.lower() for o in OPTIONS for w in re.findall(r"[A-Za-z]+", o.label)}
    assert {n for n in (*menus.new_game.FRIENDLY_NAMES, *BOT_NAMES) if n.lower() in words} == set()


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_the_rules_speak_of_the_deal_only_for_player_counts_the_game_seats(preset):
    """Partnership 500 and Persian Rummy seat four: their rules said "13 cards when two
    play", a table they never deal."""
    from game.ui.rules_text import describe_rules

    rules = Rules.preset(preset)
    lo, hi = rules.player_range()
    deal = " ".join(line for title, lines in describe_rules(rules) if title == "The deal" for line in lines)
    assert ("when two play" in deal) == (lo == 2 < hi and rules.hand_size is None
                                          and rules.deal_style != "upcard")
    if rules.deal_style != "upcard" and lo == hi:
        assert f"Each player gets {rules.fixed_hand_size(lo)} cards." in deal


def test_the_rules_of_a_pack_without_twos_speak_of_its_own_ranks_and_length():
    """Rotating wilds with the twos out of the pack and two deals: the rules said "twos in
    round 2 ... up to kings in round 13, after which the game ends" and "An upcard of a 2 or
    a 3 goes back" (a tester): round 2 had threes wild, and the game lasted two deals. And a
    wild ace's value was named where no ace can be wild."""
    from game.ui.rules_text import describe_rules

    def text(rules):
        return " ".join(" ".join(lines) for _, lines in describe_rules(rules))

    rules = Rules.preset("rummy5000", wild_indicator="rotating", lowest_rank=3, deals=2, min_upcard=4,
                         deal_style="upcard")
    said = text(rules)
    assert "aces in round 1, threes in round 2, and so on up to kings in round 12." in said
    assert "after which the game ends" not in said and "twos" not in said
    assert "An upcard of a 3 goes back into the stock" in said and "a 2 or" not in said
    long = text(Rules.preset("rummy5000", wild_indicator="rotating", deals=20))
    assert "aces in round 1, twos in round 2, and so on up to kings in round 13, then aces again." in long
    plain = text(Rules.preset("rummy5000", wild_indicator="rotating"))
    assert "up to kings in round 13, after which the game ends." in plain
    simple = Rules.preset("rummy500", simple_scoring=True, permanent_wilds=["jokers", "one_eyed_jacks"],
                          wild_indicator="none", values={"wild": 20})
    assert "values.wild_ace" in simple.unused_options()
    assert "a wild card 20" in text(simple) and "wild ace" not in text(simple)


def test_the_rules_of_going_out_on_a_dead_card_say_a_swap_does_not_count():
    """With swaps, a last card that could be swapped for a wild may still be thrown to go out
    (docs/rules.md, "Playable"); the rules read as if it could not (a tester)."""
    from game.ui.rules_text import describe_rules

    def ending(rules):
        return " ".join(dict(describe_rules(rules))["Ending a round"])

    swap = Rules.preset("basic", going_out="discard_unplayable", wild_after_meld="swap", permanent_wilds=["twos"])
    assert "swapping it for a wild does not count" in ending(swap)
    assert "swapping" not in ending(Rules.preset("rummy5000"))


def test_a_game_started_without_names_seats_the_computers_the_new_game_screen_offers(app):
    """``--preset`` and the like dealt Bruno, Clara and Dev; the new-game screen offers
    Alice, Ben and Chloe for the same seats."""
    from game.ui.controller import Controller

    setup = menus.NewGameScene(app)
    for players in (2, 4, 8):
        c = Controller.new("rummy5000", players, seed=1)
        assert [s.name for s in c.seats] == ["You", *setup.names[1:players]]



def test_the_count_of_changed_house_rules_is_the_rows_that_show_changed():
    """Twos, tens and one-eyed jacks are three rows of one option: with the jokers changed
    too, four rows show the gold "changed" bar, and both counts say 4 (they said 2)."""
    scene = menus.NewGameScene(FakeApp())
    scene.set_preset("rummy5000")
    scene.set_option("jokers_per_deck", 2)
    for name in ("wild.twos", "wild.tens", "wild.one_eyed_jacks"):
        scene.set_option(name, True)
    scene.sync()
    bars = sum(1 for name, row in scene.rows.items() if row.changed and name != "target")
    assert bars == 4 and scene.changed_count() == 4
    assert scene.message.endswith("4 house rules changed.")


def test_the_winners_sheet_counts_the_rounds_as_the_table_numbered_them(app, monkeypatch):
    """A game loaded from a position file at round 3 (no results of rounds 1 and 2) and
    finished there had "1 round" under its winners, where the table said "Round 3"."""
    state = played_round("rummy500", 3, seed=11, to_game_over=True)
    state.results = state.results[-1:]
    state.round_no = 3
    said, draw_text = [], ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: (said.append(text),
                                                                         draw_text(surface, text, *a, **k))[1])
    draw(sheets.GameOverScene(app, state, None), app.screen_size)
    assert any(t.endswith("·  3 rounds") for t in said), said


def test_the_scores_sheet_of_a_game_loaded_after_its_first_rounds_adds_up(app, drawn):
    """A game from a file that starts at round 3 with totals but no earlier results: an
    "earlier" row carries the points no round holds, so each column adds up to its total."""
    g = played_rounds("rummy500", 3, 2)
    g.scores = [g.scores[0] + 120, g.scores[1] - 35, g.scores[2]]
    scene = sheets.ScoresScene(app, g)
    cols = scene.columns()
    totals = [sum(g.scores[s] for s in seats) for _, seats in cols]
    rows = scene.rows(100)
    assert [label for label, _, _ in rows] == [sheets.EARLIER] + [str(r.round) for r in g.results]
    assert rows[0][1] == [120, -35, 0] and _column_sums(rows) == totals
    assert _column_sums(scene.rows(3)) == totals and len(scene.rows(3)) == 3
    assert sheets.EARLIER in drawn
    full = played_rounds("rummy500", 3, 2)  # a game played here has no such row
    assert sheets.EARLIER not in [label for label, _, _ in sheets.ScoresScene(app, full).rows(100)]
    for size in SIZES:
        scene.resize(size)
        draw(scene, size)


def test_the_scores_sheet_gives_the_final_bonus_a_row_of_its_own(app, drawn):
    """Persian rummy's 50 for the side ahead after the last deal is the side's: the scores
    sheet shows it on a row of its own under the last round (it was folded into that round,
    with no mark), and each column still adds up to its total."""
    g = played_round("persian", 4, seed=5, to_game_over=True)
    last = g.results[-1]
    assert last.final_to is not None  # (seed 5: a side ahead)
    scene = sheets.ScoresScene(app, g)
    cols = scene.columns()
    rows = scene.rows(100)
    assert [label for label, _, _ in rows] == [str(r.round) for r in g.results] + [sheets.FINAL]
    side = next(i for i, (_, seats) in enumerate(cols) if last.final_to in seats)
    assert rows[-1][1] == [50 if i == side else 0 for i in range(len(cols))]
    assert rows[-2][1][side] == sum(last.points[s] for s in cols[side][1]) - 50
    assert _column_sums(rows) == [sum(g.scores[s] for s in seats) for _, seats in cols]
    assert _column_sums(scene.rows(2)) == _column_sums(rows) and scene.rows(2)[0][0] == "1–2"
    for size in SIZES:
        drawn.clear()
        scene.resize(size)
        draw(scene, size)
        assert sheets.FINAL in drawn
        assert any(w.startswith("★ went out   bonus: 50 to the side ahead") for w in drawn), drawn


def test_the_presets_summary_ends_as_the_rules_do():
    assert preset_summary(Rules.preset("rummy5000")).endswith("melds score, to 5,000.")
    assert preset_summary(Rules.preset("rummy5000", target=1000)).endswith("melds score, to 1,000.")
    assert preset_summary(Rules.preset("rummy5000", deals=2)).endswith("melds score, 2 deals.")
    assert preset_summary(Rules.preset("rummy5000", wild_indicator="rotating")).endswith(
        "one round for each rank, A to K.")
    assert preset_summary(Rules.preset("george", target=1500)).endswith("pack, to 1,500.")
    assert preset_summary(Rules.preset("partnership500")) == "Rummy 500 for two teams of two, jokers are wild, to 500."


def test_the_presets_summary_says_what_the_chosen_rules_make_wild_and_how_every_game_ends():
    assert preset_summary(Rules.preset("rummy5000", wild_indicator="none", permanent_wilds=["twos"])) == \
        "Upcard deal, twos are wild, melds score, to 5,000."
    assert preset_summary(Rules.preset("rummy5000", wild_indicator="none")) == "Upcard deal, melds score, to 5,000."
    assert "the dealer's upcard rank is wild, one-eyed jacks are wild too," in \
        preset_summary(Rules.preset("rummy5000", permanent_wilds=["one_eyed_jacks"]))
    assert preset_summary(Rules.preset("basic")) == \
        "Standard rummy: top of the pile only, low aces, the winner collects the hands, to 100."
    assert preset_summary(Rules.preset("rummy500", discard_pile="top_only")).startswith(
        "Seven cards (13 for two), top of the pile only, jokers are wild,")
    assert preset_summary(Rules.preset("persian")) == "Partnership 500 with jokers as their own groups, 2 deals."
    assert preset_summary(Rules.preset("rummy5000", deal_style="fixed", hand_size=10, round_scoring="penalty")) == \
        "10 cards each, the dealer's upcard rank is wild, penalty points, to 5,000."
    assert preset_summary(Rules.preset("rummy500", deal_style="upcard")).startswith("Upcard deal, take deep")
    assert preset_summary(Rules.preset("george", wild_limit="none")) == \
        "Sets only, the dealer's upcard rank is wild, a double 48-card pack, to 2,500."
    # the longest a summary gets still fits the new-game screen's two lines at the smallest size
    longest = Rules.preset("rummy5000", wild_indicator="rotating", permanent_wilds=["twos", "tens", "one_eyed_jacks"])
    for size in SIZES:
        scene = menus.NewGameScene(FakeApp(size))
        scene.set_preset("rummy5000")
        scene.summary = preset_summary(longest)
        x, y, cw = scene.summary_pos
        assert len(ui.wrap_text(scene.summary, scene.theme.font(14), cw)) <= 2


def test_the_new_game_screens_summary_follows_the_target_chosen(app, drawn):
    scene = menus.NewGameScene(app)
    scene.set_preset("rummy5000")
    draw(scene, app.screen_size)
    assert any(t.endswith("to 5,000.") for t in drawn)
    drawn.clear()
    scene.set_option("target", 1000)
    draw(scene, app.screen_size)
    assert any(t.endswith("to 1,000.") for t in drawn) and not any(t.endswith("to 5,000.") for t in drawn)


@pytest.mark.parametrize("preset", ["rummy5000", "rummy500", "basic"])
def test_every_house_rules_help_and_note_shows_whole(preset):
    """No help under a house rule, and no "Not used: …" note of a greyed one, is cut
    short at any window size (a row takes the lines the longer of the two needs; at 1280x800
    the real card's help was, a tester)."""
    for size in [*SIZES, (1280, 800), (1366, 768)]:
        app = FakeApp(size)
        scene = menus.NewGameScene(app)
        scene.set_preset(preset)
        draw(scene, size)
        for name, row in scene.rows.items():
            for text in (row.help, row.note):
                if not text:
                    continue
                lines = row.help_lines(row.rect.width, scene.theme, text)
                assert " ".join(lines) == " ".join(text.split()), (size, name, lines)
            need = row.measure(row.rect.width, scene.theme)
            assert row.rect.height >= need, (size, name)


def test_the_rules_pages_words_for_the_deal_count_a_top_card_take_and_a_callers_going_out():
    def section(rules, name):
        return " ".join(next(p for title, p in describe_rules(rules, 4) if title == name))

    deal = section(Rules.preset("rummy5000"), "The deal")
    assert "as the upcard counts for the deal" in deal and "is worth" not in deal
    assert "For the deal, number cards count their number" in deal
    basic = Rules.preset("basic")
    assert basic.top_take_no_return and basic.discard_pile == "top_only"
    turn = section(basic, "Your turn")
    assert "A card taken from the pile may not be discarded in the same turn." in turn
    assert "take only the top card" not in turn
    assert "take only the top card" in section(Rules.preset("rummy500", top_take_no_return=True), "Your turn")
    calls = section(Rules.preset("rummy5000"), "Calling Rummy!")
    assert "they go out at once, before the next player's turn" in calls
    assert "go out" not in section(Rules.preset("rummy5000", rummy_calls="off"), "Calling Rummy!")


def test_every_settings_help_shows_whole_in_two_lines():
    for size in SIZES:
        scene = menus.SettingsScene(FakeApp(size))
        draw(scene, size)
        rows = [w for w in scene.all_widgets() if isinstance(w, ui.Row)]
        assert len(rows) >= 9
        for row in rows:
            lines = row.help_lines(row.rect.width, scene.theme)
            assert len(lines) <= 2 and " ".join(lines) == " ".join(row.help.split()), (size, row.label, lines)


def test_the_title_says_which_game_continue_goes_on_with(app, drawn, tmp_path, monkeypatch):
    from game.ui.controller import Controller, Seat

    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    g, _ = new_game(Rules.preset("rummy500"), 3, seed=2)
    g.scores = [370, 120, 55]
    g.round_no = 3
    seats = [Seat("You", "human", ""), Seat("Ann", "bot", "normal"), Seat("Bo", "bot", "easy")]
    Controller(g, seats, save_path=tmp_path / "autosave.json", seed=1).autosave()
    for size in SIZES:
        drawn.clear()
        scene = menus.TitleScene(FakeApp(size))
        draw(scene, size)
        assert scene.about == "Rummy 500, round 3, 370 points before this round"
        assert "Rummy 500" in drawn and "round 3, 370 points before this round" in drawn
    # a longer caption goes on to a third line, not cut ("… 65 penalty poi…" at 1024x640)
    g, _ = new_game(Rules.preset("rummy500", round_scoring="penalty", wild_indicator="rotating"), 3, seed=2)
    g.scores = [370, 120, 55]
    Controller(g, seats, save_path=tmp_path / "autosave.json", seed=1).autosave()
    drawn.clear()
    draw(menus.TitleScene(FakeApp((1024, 640))), (1024, 640))
    at = drawn.index("Rummy 500")
    assert " ".join(drawn[at + 1:at + 3]) == "round 1 of 13, 370 penalty points before this round", drawn
    (tmp_path / "autosave.json").unlink()
    drawn.clear()
    scene = menus.TitleScene(FakeApp())
    draw(scene, (1024, 640))
    assert scene.about is None and not any("points" in t for t in drawn)


def test_a_game_of_one_deal_says_1_deal_in_the_greyed_target(app):
    scene = menus.NewGameScene(app)
    scene.set_preset("rummy5000")
    for deals, words in ((1, "1 deal"), (2, "2 deals")):
        scene.set_option("deals", deals)
        assert scene.find("target").resting_label == words


def test_the_house_rules_stay_where_they_were_scrolled_when_a_change_rebuilds_them(app):
    scene = menus.NewGameScene(app)
    scene.set_preset("rummy5000")
    draw(scene, app.screen_size)
    scene.scroll.scroll_to(scene.scroll.max_offset)
    at = scene.scroll.offset
    assert at > 0
    scene.set_option("deals", 2)  # (notes come and go on other rows: the rows are built anew)
    scene.set_option("deals", 0)
    # (within the lines a note added or took away meanwhile; it was back at the top)
    assert at - scene.theme.px(40) <= scene.scroll.offset <= at



def test_the_rules_words_name_rummy_as_the_button_does_and_worth_only_in_scoring():
    """The table's button and messages say Rummy! plainly; the rules page and the house
    rules say it the same way, and only the scoring options speak of what cards are worth."""
    from game.ui.rules_text import VALUE_HELP

    texts = [o.label for o in OPTIONS] + [o.help for o in OPTIONS] + [
        words for said in VALUE_HELP.values() for words in said.values()]
    for preset in Rules.preset_names():
        for heading, paras in describe_rules(Rules.preset(preset)):
            texts += [heading, *paras]
    assert not [t for t in texts if '"Rummy!"' in t]
    assert not [o.label for o in OPTIONS if o.group != "Scoring" and "worth" in o.help]


def test_the_decks_help_says_why_auto_takes_more_decks_than_usual():
    """Twos always wild make a wild upcard possible in every suit, and a deal may then need
    more cards than one deck holds: the Decks row says so, not only that Auto uses two."""
    from game.ui.rules_text import option_help

    decks = next(o for o in OPTIONS if o.name == "decks")
    assert option_help(decks, Rules.preset("rummy5000", permanent_wilds=["twos"]), 4).endswith(
        "Auto uses 2 for 4 players (a deal could need 69 cards, more than one deck holds).")
    assert option_help(decks, Rules.preset("rummy5000"), 4).endswith("Auto uses 1 for 4 players.")
    assert option_help(decks, Rules.preset("rummy5000"), 6).endswith("Auto uses 2 for 6 players.")
    no_return = next(o for o in OPTIONS if o.name == "top_take_no_return")
    assert no_return.help.startswith("If you take only the top card of the pile")


def test_house_rule_changes_to_a_game_come_back_when_it_is_chosen_again(app, drawn):
    """One click on the Game arrow used to drop every change made to the house rules; the
    changes are kept for that game, the message line says so, and they return with it."""
    scene = menus.NewGameScene(app)
    scene.set_preset("rummy5000")
    scene.set_option("wild.twos", True)
    scene.set_option("target", 1000)
    assert scene.changed_count() == 1
    scene.set_preset("rummy500")
    assert scene.changed_count() == 0 and scene.shown_rules().target == 500
    assert scene.message == "Rummy 500 for 4 players; your Rummy 5000 changes are kept for later."
    scene.set_preset("rummy5000")
    rules = scene.shown_rules()
    assert "twos" in rules.permanent_wilds and rules.target == 1000
    assert scene.message == "Rummy 5000 for 4 players: your house-rule change is back."
    for size in SIZES:  # (the message line has room for it)
        scene.resize(size)
        draw(scene, size)
    scene.reset_options()  # a reset is not kept: the next return starts from the preset
    scene.set_preset("basic")
    scene.set_preset("rummy5000")
    assert "twos" not in scene.shown_rules().permanent_wilds


def test_at_the_table_names_every_letter_key():
    """F1's "At the table" names each key the table and its sheets answer: E and V too."""
    from game.ui.rules_text import TABLE_CONTROLS
    from game.ui.table_input import PLAIN_KEYS

    text = " ".join(TABLE_CONTROLS)
    words = set(re.findall(r"\b[A-Z]\b|\bF\d+\b", text))
    keys = {pygame.key.name(k).upper() for k in PLAIN_KEYS} | {"X", "E", "V", "F11", "F12"}
    assert keys <= words, keys - words


def test_the_saved_game_line_writes_a_score_below_zero_with_a_minus_sign():
    from game.ui.rules_text import about_game

    g, _ = new_game(Rules.preset("rummy500"), 3, seed=1)
    g.scores = [-55, 10, 1]
    assert about_game(g, 0).endswith("\u221255 points before this round")
    g.scores = [-1, 10, 1]
    assert about_game(g, 0).endswith("\u22121 point before this round")


def test_the_saved_game_line_of_a_team_game_gives_the_sides_points():
    """In a team game the side's total decides; the title's Continue gave the person's own
    points ("after round 2, 197 points" with the side on 338)."""
    from game.ui.rules_text import about_game

    g, _ = new_game(Rules.preset("partnership500"), 4, seed=1)
    g.scores = [197, 90, 141, 12]
    g.round_no, g.phase = 2, ROUND_OVER
    assert about_game(g, 0) == "Partnership 500, after round 2, your side 338 points"
    assert about_game(g, 1).endswith("your side 102 points")
    # a game of set length counts its rounds; where the lowest total wins, points are penalties
    g, _ = new_game(Rules.preset("rummy5000", wild_indicator="rotating", round_scoring="penalty"), 4, seed=1)
    g.scores = [65, 90, 141, 12]
    assert about_game(g, 0) == "Rummy 5000, round 1 of 13, 65 penalty points before this round"


def test_the_rounds_winner_deals_says_who_that_is_when_nobody_went_out():
    """"Next dealer: Round's winner" did not say who deals after a round nobody went out
    of (a tester): the engine gives the deal to the round's best score then, and the help
    and the rules say so."""
    from game.ui.rules_text import OPTION_BY_NAME, rules_as_text

    assert "if nobody did, who scored best" in OPTION_BY_NAME["dealer_rotation"].help
    assert "who went out, or, if nobody did, who scored best" in rules_as_text(
        Rules.preset("rummy5000", dealer_rotation="winner"))
    assert "the deal passes to the left" in rules_as_text(Rules.preset("rummy5000"))


def test_the_settings_preview_shows_the_card_size_chosen(app, monkeypatch):
    """The preview of the suits and the back stayed one size whatever "Card size" said (a
    tester): it follows the setting, standing on the panel's top edge."""
    from game.ui.menus import settings_screen

    sizes = []
    real = settings_screen.draw_card
    monkeypatch.setattr(settings_screen, "draw_card", lambda surface, text, r, s: (sizes.append(r), real(
        surface, text, r, s))[1])
    for scale in (0.8, 1.0, 1.3):
        app.settings.card_scale = scale
        scene = menus.SettingsScene(app)
        del sizes[:]
        draw(scene, app.screen_size)
        assert len(sizes) == 4 and len({(r.w, r.h) for r in sizes}) == 1
        assert sizes[0].h == round(scene.theme.px(42) * scale)
        assert all(r.top >= 0 and r.bottom < scene.body.top for r in sizes)


def test_the_rules_point_a_newcomer_to_the_words_and_the_hint_and_say_what_a_hand_costs():
    """A newcomer (a tester) met "upcard", "meld" and "lay off" on the first screen with the
    words explained only at the end, "upcard" not at all, and nothing said whether cards
    left in one's own hand cost points in Rummy 5000."""
    from game.ui.rules_text import describe_rules

    sections = dict(describe_rules(Rules.preset("rummy5000")))
    first = sections["Rummy 5000"]
    assert any("Words used here" in p and "Hint (H)" in p for p in first)
    words = " ".join(sections["Words used here"])
    assert "Upcard: the card each player is dealt face up" in words
    scoring = " ".join(p for heading, ps in sections.items() for p in ps if "scores" in p)
    assert "Cards left in your hand are never taken off your own score" in scoring
    # not where they are: Rummy 500 takes them off
    r500 = " ".join(p for _, ps in describe_rules(Rules.preset("rummy500")) for p in ps)
    assert "never taken off your own score" not in r500 and "Upcard:" not in r500


def test_the_settings_level_row_says_the_next_game_keeps_the_last_seats(app):
    """Settings showed "Computer players: Normal" while the next new game seated the last
    game's Hard players again (a tester): the row's help says which levels the next game
    keeps until the setting is changed."""
    app.settings.default_level = "normal"
    app.settings.last_game = {"preset": "rummy5000", "players": 4, "levels": ["human", "hard", "hard", "hard"],
                              "default_level": "normal"}
    from game.ui.menus.settings_screen import _level_help

    scene = menus.SettingsScene(app)
    draw(scene, app.screen_size)
    assert scene.find("default_level").help.endswith("(Hard).")
    scene.change("default_level", "easy")  # (changed here: the words follow at once, a tester)
    assert scene.find("default_level").help.endswith("a change applies to every seat of the next game.")
    scene.change("default_level", "normal")
    app.settings.last_game["default_level"] = "normal"

    assert _level_help(app.settings) == ("The level of the computer seats in a new game. Until it is changed "
                                         "here, the next game keeps your last game's seats (Hard).")
    app.settings.last_game["levels"] = ["human", "normal", "normal"]
    assert _level_help(app.settings).endswith("a change applies to every seat of the next game.")
    app.settings.last_game["levels"] = ["human", "hard", "easy"]
    assert _level_help(app.settings).endswith("(Hard and Easy).")
    # the new-game screen agrees: it seats them so
    app.settings.last_game["levels"] = ["human", "hard", "hard", "hard"]
    assert menus.NewGameScene(app).seat_levels()[1:4] == ["hard", "hard", "hard"]


def test_the_rules_examples_and_words_follow_the_smallest_meld():
    """With "Smallest new meld: 4 cards" the rules said "4 or more cards" beside the
    three-card examples 7♣ 7♦ 7♠ and 5♥ 6♥ 7♥, and the words at the end "three or more"
    (a tester)."""
    from game.ui.rules_text import rules_as_text

    four = rules_as_text(Rules.preset("rummy5000", min_meld=4))
    assert "(7♣ 7♦ 7♥ 7♠)" in four and "(5♥ 6♥ 7♥ 8♥)" in four
    assert "(7♣ 7♦ 7♠)" not in four and "(5♥ 6♥ 7♥)" not in four and "three or more" not in four
    assert "a set (four or more cards of one rank)" in four
    three = rules_as_text(Rules.preset("rummy5000"))
    assert "(7♣ 7♦ 7♠)" in three and "a set (three or more cards of one rank)" in three
    # and the setup screen's rows for sets and runs (they said "Three or more": t34)
    from game.ui.rules_text import OPTION_BY_NAME, option_help

    for name in ("allow_sets", "allow_runs"):
        assert option_help(OPTION_BY_NAME[name], Rules.preset("rummy5000", min_meld=4), 4).startswith("Four or more")
        assert option_help(OPTION_BY_NAME[name], Rules.preset("rummy5000"), 4).startswith("Three or more")


def test_the_settings_lists_run_in_order():
    """Card size ran Small, Medium, Normal (Medium smaller than Normal), and animation speed
    None, Slow, ... (the quickest beside the slowest): each list runs one way, with names
    that say so (a tester)."""
    from game.ui.settings import ANIMATION_SPEEDS, CARD_SCALES

    assert [v for v, _ in CARD_SCALES] == sorted(v for v, _ in CARD_SCALES)
    assert [name for _, name in CARD_SCALES] == ["Extra small", "Small", "Normal", "Large", "Extra large"]
    speeds = [v or float("inf") for v, _ in ANIMATION_SPEEDS]  # (none at all: the quickest)
    assert speeds == sorted(speeds) and ANIMATION_SPEEDS[-1] == (0.0, "Instant")


def test_the_rules_say_a_card_for_a_wilds_place_is_no_call():
    """A tester wondered whether a discard that could go on a wild standing for it is a
    Rummy! chance: it is not (the real card goes there in its holder's own turn), and the
    rules say so where calls and wilds both are."""
    from game.engine import parse_cards
    from game.ui.rules_text import rules_as_text

    assert "place in a meld is no call:" in rules_as_text(Rules.preset("rummy5000"))
    assert "place in a meld is no call:" not in rules_as_text(Rules.preset("rummy500"))  # (no calls)
    # and so the engine has it: the 6♥ thrown beside a meld where a wild stands for the 6♥
    from engine_helpers import meld, position

    g = position(["9♣ 2♠", "K♣ 7♦", "3♦ 4♦"], rules={"preset": "rummy5000"}, wild="K",
                 melds=[meld(1, "run:5♥", "5♥ K♠ 7♥"), meld(2, "set:Q", "Q♣ Q♦ Q♥")], pile="6♥",
                 phase="draw", current=1, call_open=True, discarder=0)
    assert parse_cards("6♥")[0] == g.pile[-1] and g.call_actions(2) == []
    six, eight = parse_cards("6♥ 8♥")
    g.stock.remove(eight)  # (one that goes on an end is a call)
    g.stock.append(six)
    g.pile[-1] = eight
    assert g.call_actions(2)


@pytest.mark.parametrize("name", ["after_call", "going_out", "wild_limit", "rummy_calls", "wild_indicator",
                                  "wild_after_meld", "deep_take_use", "round_scoring", "winner_rule"])
def test_a_house_rules_help_says_what_the_value_chosen_means(app, name):
    """"Usual for the call", "Discard a dead card", "One per meld": the row's help said what
    the row is, not what the value chosen does (a newcomer). Each value of these rows has
    its own words, shown under the row as the value changes."""
    from game.ui.rules_text import OPTION_BY_NAME, VALUE_HELP

    info = OPTION_BY_NAME[name]
    assert set(VALUE_HELP[name]) == {v for v, _ in info.choices}
    scene = menus.NewGameScene(app)
    seen = set()
    for value, _ in info.choices:
        if name == "after_call" and value is not None:
            scene.set_option("rummy_calls", "pile")  # (an option some values need)
        scene.set_option(name, value)
        scene.sync()
        row = scene.rows[name]
        assert row.help == VALUE_HELP[name][value], (value, row.help)
        seen.add(row.help)
        for size in SIZES:  # (each value's words whole, at every size)
            small = menus.NewGameScene(FakeApp(size))
            if name == "after_call" and value is not None:
                small.set_option("rummy_calls", "pile")
            small.set_option(name, value)
            small.sync()
            draw(small, size)
            shown = small.rows[name]
            lines = shown.help_lines(shown.rect.width, small.theme, shown.help)
            assert " ".join(lines) == " ".join(shown.help.split()), (size, value, lines)
            assert shown.rect.height >= shown.measure(shown.rect.width, small.theme), (size, value)
    assert len(seen) == len(info.choices)


def test_the_new_game_screen_opens_on_the_game_last_started_from_the_command_line(tmp_path):
    """--preset rummy500 --players 3 started Rummy 500; New game then opened on Rummy 5000,
    the last game set up on the screen (a tester). It opens on Rummy 500 for three now,
    keeping the screen's names; the same game keeps its house rules."""
    from game.ui.app import App
    from game.ui.settings import Settings

    first = Settings.load()
    first.last_game = {"rules": {"preset": "rummy5000", "min_meld": 4}, "players": 5,
                       "names": ["You", "Zoë"], "levels": ["human", "hard"]}
    first.save()
    real = App(size=(1024, 640), settings=Settings.load())
    try:
        table = real.start_from_command_line("rummy500", 3, seed=1)
        # seated as the screen shows them (the game had Alice and Ben: a tester)
        assert [s.name for s in table.c.seats] == ["You", "Zoë", "Ben"]
        assert [s.level for s in table.c.seats] == ["", "hard", "normal"]
        last = Settings.load().last_game
        assert last["rules"] == {"preset": "rummy500"} and last["players"] == 3
        assert last["names"] == ["You", "Zoë"] and last["levels"] == ["human", "hard"]
        app = FakeApp()
        app.settings = Settings.load()
        screen = menus.NewGameScene(app)
        assert screen.preset == "rummy500" and screen.players == 3 and screen.names[1] == "Zoë"
        real.settings.last_game = {"rules": {"preset": "rummy500", "empty_stock": "reshuffle"}, "players": 4}
        real.start_from_command_line("rummy500", 2, seed=2)
        last = Settings.load().last_game
        assert last["rules"] == {"preset": "rummy500", "empty_stock": "reshuffle"} and last["players"] == 2
    finally:
        real.close_scenes()


def test_the_help_and_rules_say_what_is_done_with_an_always_wild_card_that_would_name_the_wild_rank():
    """"The dealer gets another one" was said whichever card names the wild rank; the card
    under the stock is followed by another there (a tester). Each case in the engine's words."""
    from game.engine import new_game
    from game.ui.rules_text import OPTION_BY_NAME, option_help

    info = OPTION_BY_NAME["indicator_on_permanent_wild"]
    cases = {("separate", "deal_again"): "another is turned up and tucked under the stock too",
             ("dealer_upcard", "deal_again"): "the dealer keeps it and gets another face up",
             ("dealer_last", "deal_again"): "the dealer keeps it and gets another face up",
             ("separate", "replace"): "it is buried in the stock and another turned up in its place",
             ("extra_card", "replace"): "it is buried in the stock and another turned up in its place"}
    for (indicator, value), words in cases.items():
        rules = Rules.preset("rummy5000", wild_indicator=indicator, indicator_on_permanent_wild=value,
                             jokers_per_deck=2, permanent_wilds={"jokers"})
        assert words in option_help(info, rules, 4) and words in rules_as_text(rules), (indicator, value)
    # as the engine does: jokers turned under the stock stay there, before the card that names it
    rules = Rules.preset("rummy5000", wild_indicator="separate", jokers_per_deck=2, permanent_wilds={"jokers"})
    stayed = 0
    for seed in range(200):
        g, _ = new_game(rules, 4, seed=seed)
        assert all(card.is_joker for card in g.set_aside[:-1]) and not g.set_aside[-1].is_joker
        stayed += len(g.set_aside) > 1
    assert stayed


def test_a_winner_below_a_higher_total_is_told_why_and_a_game_that_goes_on_past_the_target_too(app):
    """"Went out last" and "Must go out to win": the sheet said "You win!" over a higher
    total, and a round sheet "Playing to 1,000" after someone had reached it, with nothing
    of why (a tester)."""
    from engine_helpers import meld, play, position

    from game.ui import sheets
    from game.ui.rules_text import round_over_words, win_reason

    melds = [meld(0, "set:K", "K♣ K♦ K♥"), meld(1, "run:5♠", "5♠ 6♠ 7♠ 8♠", by=[1, 1, 1, 2])]
    for rule, label in (("went_out", "Went out last"), ("must_go_out", "Must go out to win")):
        g = position(["2♥", "A♣ 9♦", "Q♦ 3♣"], melds=melds, rules={"preset": "rummy5000", "target": 1000,
                     "winner_rule": rule}, phase="play", current=0, pile="J♥", scores=[900, 1500, 0])
        play(g, "discard 2♥")
        assert g.winners == (0,) and g.side_scores()[0] < g.side_scores()[1]
        why = win_reason(g)
        assert why == (f"By the house rule “Who wins: {label}”, the win goes to whoever went out in the last "
                       "round at 1,000 or over, not to the highest total.")
        shown = []
        real = ui.draw_text

        def record(surface, text, *a, shown=shown, real=real, **kw):
            shown.append(text)
            return real(surface, text, *a, **kw)

        ui.draw_text = record
        try:  # (the sheet paints its words as it is built)
            sheet = sheets.GameOverScene(app, g)
            draw(sheet, app.screen_size)
        finally:
            ui.draw_text = real
        assert " ".join(shown).count("By the house rule") == 1
        assert "not to the highest total." in " ".join(shown)
    # the highest total won: nothing to say
    g = position(["2♥", "A♣ 9♦", "Q♦ 3♣"], melds=melds, rules={"preset": "rummy5000", "target": 1000},
                 phase="play", current=0, pile="J♥", scores=[1900, 1500, 0])
    play(g, "discard 2♥")
    assert g.winners == (0,) and win_reason(g) is None
    # reached, and the game goes on: the round sheet says until when
    g = position(["2♥", "A♣ 9♦", "Q♦ 3♣"], melds=melds, rules={"preset": "rummy5000", "target": 1000,
                 "winner_rule": "must_go_out"}, phase="play", current=0, pile="J♥", scores=[0, 1500, 0])
    play(g, "discard 2♥")
    assert g.phase == "round_over"
    assert round_over_words(g, 1)[1] == "Playing to 1,000: it goes on until a player at or over it goes out"
    # a game loaded at a later round keeps fewer results than rounds played (a tester)
    g = position(["2♥", "A♣ 9♦", "Q♦ 3♣"], melds=melds, rules={"preset": "rummy5000", "target": 1000,
                 "winner_rule": "must_go_out"}, phase="play", current=0, pile="J♥", scores=[0, 1500, 0], round=6)
    play(g, "discard 2♥")
    assert len(g.results) == 1 and g.results[-1].round == 6
    assert round_over_words(g, 6)[1].endswith(": it goes on until a player at or over it goes out")
    # in a team game it is the team's total (a tester: no player alone was at the target)
    g = position(["2♥", "A♣ 9♦", "Q♦ 3♣", "4♠ 6♦"], melds=melds, rules={
        "preset": "partnership500", "winner_rule": "must_go_out"}, phase="play", current=0,
        pile="J♥", scores=[150, 280, 150, 286])
    play(g, "discard 2♥")
    assert g.phase == "round_over"
    assert round_over_words(g, 1)[1] == ("Playing to 500: it goes on until a player whose team is at or over "
                                         "it goes out")


@pytest.mark.parametrize("size", SIZES)
def test_every_settings_row_is_as_high_as_its_help_needs(size):
    """Two-line help ran into the next row's title at 1024x640 (a tester)."""
    app = FakeApp(size)
    scene = menus.SettingsScene(app)
    draw(scene, size)
    rows = [w for w, _ in scene.scroll.items if isinstance(w, ui.Row)]
    assert len(rows) >= 9
    for row, below in zip(rows, rows[1:] + [None]):
        assert row.rect.height >= row.measure(row.rect.width, scene.theme), row.name
        if below is not None:
            assert below.rect.top >= row.rect.bottom, row.name


def test_the_targets_offered_start_at_a_tenth_of_the_games_own(app):
    """Rummy 5000 to 100 was one round long, its first meld of an ace (a tester): the
    targets offered start at a tenth of the game's own; a target set already stays."""
    scene = menus.NewGameScene(app)
    scene.set_preset("rummy5000")
    scene.sync()
    values = [v for v, _ in scene.find("target").choices]
    assert min(values) == 500 and 5000 in values and 10000 in values
    scene.set_preset("basic")
    scene.sync()
    assert 100 in [v for v, _ in scene.find("target").choices]
    scene.set_preset("rummy5000")
    scene.set_option("target", 100)  # (a setup kept from before)
    scene.sync()
    assert 100 in [v for v, _ in scene.find("target").choices] and scene.find("target").value == 100


@pytest.mark.parametrize("size", [(1024, 640), (700, 1150), (1920, 1080)])
def test_a_long_game_summary_is_drawn_whole_or_ends_in_an_ellipsis(size, monkeypatch):
    # "…, a double 48-card pack, one round for each rank, A" was cut after two lines,
    # mid-phrase (a tester)
    app = FakeApp(size)
    scene = menus.NewGameScene(app)
    scene.set_preset("george")
    scene.set_players(8)
    for name, value in (("wild_indicator", "rotating"), ("wild_limit", "fewer_than_naturals"),
                        ("discard_pile", "top_only")):
        scene.set_option(name, value)
    drawn: list[str] = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text, *a, **k))
    draw(scene, size)
    x, y, cw = scene.summary_pos
    font, lines = scene.summary_lines(cw)
    assert len(lines) >= 2 and all(line in drawn for line in lines)
    assert lines[-1].endswith("…") or " ".join(lines).split() == scene.summary.split()
    assert len(lines) * font.get_linesize() <= scene.theme.px(44)
    assert all(font.size(line)[0] <= cw for line in lines)


@pytest.mark.parametrize("preset", ["partnership500", "rummy5000"])
def test_a_long_name_that_went_out_keeps_went_out_whole_on_the_sheet(preset, monkeypatch):
    # "Wolfgang Amadeus ★ went…" with room to spare before the Melded column (a tester)
    size = (1024, 640)
    app = FakeApp(size)
    for seed in range(1, 30):
        state = played_round(preset, 4, seed=seed)
        if state.results[-1].went_out is not None:
            break
    out = state.results[-1].went_out
    drawn: list[str] = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text, *a, **k))
    state.names = list(state.names)
    for long in ("Wolfgang Amadeus", "WWWWWWWWWWWWWWWW"):
        state.names[out] = long
        drawn.clear()
        draw(sheets.RoundEndScene(app, state, lambda: None), size)
        row = [t for t in drawn if t.endswith("★ went out")]
        assert len(row) == 1, drawn
        if long.startswith("Wolf"):
            assert row[0] == "Wolfgang Amadeus  ★ went out"
        else:  # a name as wide as can be is shortened, the mark kept whole
            assert row[0].startswith("WWW") and row[0].endswith("…  ★ went out")


def test_names_are_shortened_the_longest_first():
    # "W. & B. 0" beside "Wolfgang Amadeus & Chloe 0": "Ben" needed no shortening (a tester)
    assert ui.shortenings(["WWWWWWWWWWWWWWWW", "Ben"]) == [
        ["WWWWWWWWWWWWWWWW", "Ben"], ["W.", "Ben"], ["W.", "B."]]
    assert ui.shortenings(["Wolfgang Amadeus", "Chloe"], most=2) == [
        ["Wolfgang Amadeus", "Chloe"], ["Wolfgang A.", "Chloe"], ["Wolfgang", "Chloe"]]
    assert ui.shortenings(["Player 2", "Player 4"])[-1] == ["P2", "P4"]


def test_a_click_on_a_key_line_of_the_round_sheet_does_what_the_key_does(app):
    # "T: every round's scores", "L: this round's moves": a mouse player could not reach
    # them (a tester)
    state = played_round("rummy5000", 4, seed=4)
    moves = []
    scene = sheets.RoundEndScene(app, state, lambda: None, on_moves=lambda: moves.append(1))
    app.stack.push(scene)
    draw(scene, app.screen_size)
    spots = {k: r for r, k in scene.key_spots}
    assert set(spots) >= {pygame.K_t, pygame.K_l}
    view = scene.find("view").rect
    assert all(r.right <= view.x for r in spots.values())  # (beside the buttons)
    click(scene, spots[pygame.K_t].center)
    assert isinstance(app.stack.top, sheets.ScoresScene)
    app.stack.pop()
    click(scene, spots[pygame.K_l].center)
    assert moves == [1]


@pytest.mark.parametrize("count", [True, False])
def test_the_round_sheet_shows_a_hand_with_a_minus_only_where_it_was_taken_off(count, monkeypatch):
    """On an empty stock whose hands count for nobody, "In hand −24" read as a deduction
    (a tester): the minus shows only where the hand was taken off the round's points."""
    from test_engine_scoring import MELDS, stock_out

    rules = {"preset": "rummy500", "hands_count_on_empty_stock": count}
    g, res = stock_out(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=rules)
    assert res.in_hand == [2, 24, 13] and res.points == ([28, -6, -5] if count else [30, 18, 8])
    app = FakeApp((1280, 800))
    drawn = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: drawn.append(text) or real(
        surface, text, *a, **k))
    draw(sheets.RoundEndScene(app, g, lambda: None), (1280, 800))
    assert ("\u221224" in drawn) is count and ("24" in drawn) is not count


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_long_goal_beside_the_round_sheets_title_takes_two_lines_rather_than_run_into_it(size, monkeypatch):
    """"Playing to 500: it goes on until a player whose team is at or over it goes out" was
    drawn over "Round 1 is over" (a tester)."""
    from engine_helpers import meld, play, position

    from game.ui import sheets
    from game.ui.rules_text import round_over_words

    melds = [meld(0, "set:K", "K♣ K♦ K♥")]
    g = position(["2♥", "A♣ 9♦", "Q♦ 3♣", "4♠ 6♦"], melds=melds, rules={
        "preset": "partnership500", "winner_rule": "must_go_out"}, phase="play", current=0,
        pile="J♥", scores=[150, 280, 150, 286])
    play(g, "discard 2♥")
    title, goal = round_over_words(g, 1)
    assert goal.endswith("whose team is at or over it goes out")
    drawn = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: drawn.append(
        (text, real(surface, text, *a, **k))) or drawn[-1][1])
    draw(sheets.RoundEndScene(FakeApp(size), g, lambda: None), size)
    head = next(rect for text, rect in drawn if text == title)
    notes = [(text, rect) for text, rect in drawn if text in goal and text != title and rect.top < head.bottom + 40]
    assert " ".join(text for text, _ in notes) == goal
    assert all(not rect.colliderect(head) for _, rect in notes), (head, notes)
    below = max(rect.bottom for _, rect in notes)
    first = next((rect for text, rect in drawn if text.startswith("Player 1 went out")), None)
    assert first is not None and first.top >= below - 2, drawn[:8]  # (the sheet's sentences start under them)


def test_a_field_being_typed_in_wakes_the_loop_for_its_caret_to_blink(app, monkeypatch):
    """The loop slept while a name was typed, so the caret stayed as the last key left it,
    often hidden (a tester saw none): the screen asks for a frame at each blink."""
    scene = menus.NewGameScene(app)
    draw(scene, app.screen_size)
    assert scene.next_wake() is None
    field = scene.find("name1")
    field.start()
    wake = scene.next_wake()
    assert wake is not None and 0 < wake <= 0.51
    asked = []
    monkeypatch.setattr(app, "invalidate", lambda: asked.append(1))
    now = [1000]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: now[0])
    scene.update(0.0)
    assert asked == [1]  # (a phase not drawn yet)
    scene.update(0.1)
    assert asked == [1]
    now[0] = 1500
    scene.update(0.5)
    assert asked == [1, 1]
    field.finish()
    assert scene.next_wake() is None


def test_the_scores_sheet_shortens_long_names_by_words(monkeypatch):
    """Its column heads read "Christopher…" and "Wolfgang A…" where the sidebar says
    "Christopher L." and "Wolfgang A." (a tester): by words first, then cut."""
    state = played_round("rummy5000", 8, seed=8)
    state.names = ("You", "Christopher Long", "Wolfgang Amadeus", "W" * 16, "Anastasia Romano", "Bo", "Cy", "Di")
    drawn = []
    real = ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: drawn.append(text) or real(
        surface, text, *a, **k))
    draw(sheets.ScoresScene(FakeApp((1366, 768)), state), (1366, 768))
    heads = set(drawn)
    for name in ("Christopher Long", "Wolfgang Amadeus", "Anastasia Romano"):
        first, last = name.split()
        assert heads & {name, f"{first} {last[0]}.", first}, (name, sorted(t for t in heads if t[:1] in "CWA"))
    assert not any(t.startswith(("Christopher", "Wolfgang", "Anastasia")) and t.endswith("\u2026") for t in heads)


def test_the_rules_teach_a_newcomer_what_the_table_shows():
    """A newcomer (a tester) stopped at the first line's card-table words, took a computer
    player's top-card take, thrown away later, for cheating, read five kings from one deck as
    a bug, and met "dealer" and the hints' "loose cards" with no word for them."""
    text = rules_as_text(Rules.preset("rummy5000"))
    lines = text.split("\n")
    assert lines[2].startswith("Rummy 5000 is for 2 to 8 players. Make melds")  # the aim first
    assert lines[3] == "In short: upcard deal, the dealer's upcard rank is wild, melds score, to 5,000."
    assert "must be melded or laid off in the same turn; the top card taken alone need not be." in text
    assert "A set may then show one card more than a deck holds of its rank" in text
    words = dict(describe_rules(Rules.preset("rummy5000")))["Words used here"]
    for word in ("Dealer:", "Loose cards:", "Rummy!:"):
        assert any(w.startswith(word) for w in words), word
    # (why the button stays grey before one's own meld: a tester)
    assert next(w for w in words if w.startswith("Rummy!:")).endswith(
        "only a player with a meld of their own on the table may call.")
    assert not any(w.startswith("Rummy!:") for w in dict(describe_rules(Rules.preset("rummy500")))["Words used here"])
    assert "In short, standard rummy: top of the pile only" in rules_as_text(Rules.preset("basic"))
    # where a top card taken must be used too, nothing says it need not be
    must = rules_as_text(Rules.preset("rummy500", top_take_must_use=True))
    assert "need not be" not in must


def test_how_to_play_at_the_table_says_how_to_read_it():
    """A newcomer could not guess the coloured bars under melded cards, the green "+110" on
    the plates or what the "laid off" row lists (a tester)."""
    from game.ui.rules_text import table_controls

    reading = next(t for t in table_controls(Rules.preset("rummy5000")) if t.startswith("Reading the table:"))
    for words in ("in green", "the coloured bar under each melded card shows who laid it",
                  "\"laid off\" under a player lists the cards they laid on others' melds", "\"took\""):
        assert words in reading, words


def test_the_title_says_when_the_data_folder_cannot_be_written(app, tmp_path, monkeypatch):
    """A read-only data folder was said only at the table, once a game had started (a
    tester): the title says so, and where the folder is."""
    assert menus.TitleScene(app).notice is None  # (a folder that takes files: nothing said)
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path / "file" / "data"))
    title = menus.TitleScene(app)
    assert title.notice is not None and title.notice.startswith("Your data folder cannot be written (")
    assert "will not be saved" in title.notice and str(tmp_path / "file" / "data") in title.notice
    draw(title, app.screen_size)


def test_the_settings_say_when_there_is_no_sound_device(app, monkeypatch):
    """With no sound device the Sound switch said "On" with nothing heard and nothing said
    (a tester): its row says the game plays silently."""
    said, draw_text = [], ui.draw_text
    monkeypatch.setattr(ui, "draw_text", lambda surface, text, *a, **k: (said.append(text),
                                                                         draw_text(surface, text, *a, **k))[1])
    app.audio.available = True
    draw(menus.SettingsScene(app), app.screen_size)
    assert any("Card sounds and the Rummy! call." in t for t in said)
    said.clear()
    app.audio.available = False
    draw(menus.SettingsScene(app), app.screen_size)
    assert any("No sound device was found" in t for t in said)
