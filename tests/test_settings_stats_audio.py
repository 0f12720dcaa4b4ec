"""Settings and statistics files (round trips, damaged files) and the sound player."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

from game.resources import user_data_dir
from game.ui import audio as audio_mod
from game.ui.audio import SOUND_NAMES, Audio
from game.ui.controller import atomic_write, set_aside
from game.ui.files import REPLACE_TRIES
from game.ui.settings import BOT_LEVELS, CARD_BACKS, SETTING_WORDS, Settings
from game.ui.stats import Stats

# ---------------------------------------------------------------------- settings


def test_settings_defaults_and_names():
    s = Settings()
    assert s.animation_speed == 1.0 and s.sound is True and 0 <= s.volume <= 1
    assert s.card_scale == 1.0 and s.four_colour is False
    assert s.card_back in {v for v, _ in CARD_BACKS}
    assert s.rummy_window > 0 and s.default_level in {v for v, _ in BOT_LEVELS}


def test_missing_settings_file_gives_defaults():
    s = Settings.load()
    assert s == Settings() and s.problem is None
    assert s.path == user_data_dir() / "settings.json"


def test_settings_round_trip():
    s = Settings.load()
    s.animation_speed = 0.0
    s.sound = False
    s.volume = 0.25
    s.card_scale = 1.3
    s.four_colour = True
    s.card_back = "red"
    s.rummy_window = 6.5
    s.rummy_help = False
    s.default_level = "hard"
    s.last_game = {"players": 3}
    s.window_size = [1300, 820]
    s.fullscreen = True
    s.hand_sort = "rank"
    s.save()
    again = Settings.load()
    assert again == s and again.problem is None
    folder = user_data_dir()
    # no temporary left over (the first write's backup copy is its own)
    assert sorted(p.name for p in folder.iterdir()) == ["settings.json", "settings.json.bak"]


def test_settings_save_is_atomic(monkeypatch):
    s = Settings.load()
    s.save()
    before = (user_data_dir() / "settings.json").read_text()

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("game.ui.files.os.replace", boom)
    s.volume = 0.1
    with pytest.raises(OSError):
        s.save()
    assert (user_data_dir() / "settings.json").read_text() == before
    assert sorted(p.name for p in user_data_dir().iterdir()) == ["settings.json", "settings.json.bak"]


def _locked_for(monkeypatch, times: int) -> list[float]:
    """``os.replace`` refuses (as on Windows when another program holds the file open)
    ``times`` times, then works; returns the waits between the tries."""
    real = os.replace
    waits: list[float] = []
    left = [times]

    def replace(src, dst):
        if left[0] > 0:
            left[0] -= 1
            raise PermissionError(13, "The process cannot access the file", str(dst))
        real(src, dst)

    monkeypatch.setattr("game.ui.files.os.replace", replace)
    monkeypatch.setattr("game.ui.files.time.sleep", waits.append)
    return waits


def test_a_file_locked_for_a_moment_is_written_when_it_is_free_again(monkeypatch, tmp_path):
    """A settings file or a save that another program holds for a moment (a virus
    scanner, say) is written on a later try, and nothing else is left behind."""
    s = Settings.load()
    s.save()
    waits = _locked_for(monkeypatch, 2)
    s.volume = 0.1
    s.save()
    assert Settings.load().volume == 0.1
    assert sorted(p.name for p in user_data_dir().iterdir()) == ["settings.json", "settings.json.bak"]
    assert len(waits) == 2 and waits[0] < waits[1] and sum(waits) < 0.5
    p = tmp_path / "save.json"
    atomic_write(p, "one")
    waits = _locked_for(monkeypatch, REPLACE_TRIES - 1)
    atomic_write(p, "two")  # the .bak copy uses up a locked try first
    assert p.read_text() == "two" and (tmp_path / "save.json.bak").read_text() == "one"
    assert len(waits) == REPLACE_TRIES - 1


def test_a_file_that_stays_locked_is_left_as_it_was(monkeypatch, tmp_path):
    s = Settings.load()
    s.save()
    before = (user_data_dir() / "settings.json").read_text()
    waits = _locked_for(monkeypatch, 100)
    s.volume = 0.1
    with pytest.raises(PermissionError):
        s.save()
    assert (user_data_dir() / "settings.json").read_text() == before
    assert sorted(p.name for p in user_data_dir().iterdir()) == ["settings.json", "settings.json.bak"]
    # (tried for the backup copy first, then for the file itself)
    assert len(waits) == 2 * (REPLACE_TRIES - 1) and sum(waits) < 1.0


def test_a_damaged_file_locked_for_a_moment_is_still_set_aside(monkeypatch, tmp_path):
    """A damaged save must leave the way (or the next save would copy it over the good
    .bak copy), and so must damaged settings: a moment's lock does not stop that."""
    save = tmp_path / "autosave.json"
    save.write_text("{ damaged")
    _locked_for(monkeypatch, 2)
    set_aside(save)
    assert not save.exists() and (tmp_path / "autosave.json.damaged").read_text() == "{ damaged"
    (user_data_dir() / "settings.json").write_text("{ not json")
    _locked_for(monkeypatch, 2)
    s = Settings.load()
    assert s.problem and s == Settings()
    assert [p.name for p in user_data_dir().iterdir()] == ["settings.json.bad"]


@pytest.mark.parametrize("text", ["{ not json", "[1, 2, 3]", "", "\x00\x01garbage"])
def test_damaged_settings_file_is_reported_not_fatal(text):
    path = user_data_dir() / "settings.json"
    path.write_text(text)
    s = Settings.load()
    assert s.problem and "damaged" in s.problem
    assert s.to_dict() == Settings().to_dict()
    assert (user_data_dir() / "settings.json.bad").read_text() == text
    s.save()  # and the defaults can be written back
    assert Settings.load().problem is None
    path.write_text(text + " again")  # damaged a second time: the first copy stays
    s = Settings.load()
    assert "set aside as settings.json.bad.2" in s.problem
    assert (user_data_dir() / "settings.json.bad").read_text() == text
    assert (user_data_dir() / "settings.json.bad.2").read_text() == text + " again"


@pytest.mark.parametrize("data", [
    b"\xff\xfe{\x00}\x00",  # not UTF-8 at all
    '{"last_game": {"names": ["Jos\u00e9"]}}'.encode("latin-1"),  # saved by an editor in Latin-1
])
def test_a_settings_or_stats_file_that_is_not_utf8_is_set_aside_not_fatal(data):
    """Bytes that are not UTF-8 are a damaged file like any other: the game starts with
    the defaults, says so, and keeps the file as ``.bad``."""
    for name, load in (("settings.json", Settings.load), ("stats.json", Stats.load)):
        path = user_data_dir() / name
        path.write_bytes(data)
        loaded = load()
        assert loaded.problem and "damaged" in loaded.problem
        assert not path.exists()
        assert (user_data_dir() / (name + ".bad")).read_bytes() == data
    assert Settings.load().to_dict() == Settings().to_dict()


def test_bad_values_fall_back_one_by_one():
    path = user_data_dir() / "settings.json"
    path.write_text(json.dumps({
        "sound": "yes", "volume": 7, "card_back": "tartan", "rummy_window": 3, "default_level": "hard",
        "animation_speed": None, "unknown": 1, "rummy_help": "no",
    }))
    s = Settings.load()
    assert s.sound is True          # bad type: default
    assert s.rummy_help is True
    assert s.volume == 1.0          # out of range: clamped
    assert s.card_back == "blue"    # unknown choice: default
    assert s.rummy_window == 3.0 and s.default_level == "hard"
    assert s.animation_speed == 1.0
    # named as the settings screen names them, three at most (the title screen shows three lines)
    assert s.problem == ("Some settings had values the game does not know (Animation speed, Sound effects, "
                         "Card back and 1 more); their defaults are used (Settings shows them; Done keeps "
                         "them).")


def test_many_bad_settings_are_counted_not_all_named_so_that_the_title_shows_the_whole_message():
    import pygame

    from game.ui import ui_kit as ui

    (user_data_dir() / "settings.json").write_text(json.dumps({k: "zz" for k in Settings().to_dict()}))
    s = Settings.load()
    assert s.problem.endswith("Volume and 10 more); their defaults are used (Settings shows them; Done keeps them).")
    pygame.font.init()
    theme = ui.Theme((1024, 640))  # (the title's box: 760 px less its margins, three lines)
    assert len(ui.wrap_text(s.problem, theme.font(15, True), theme.px(760) - theme.px(24))) <= 3


@pytest.mark.parametrize("size", ["1300x820", [1300], [1300, 820, 1], [True, 800], [1300.5, 820],
                                  [10, 10], [1300, 99999], None, {"w": 1300}])
def test_a_bad_window_size_is_forgotten_and_reported(size):
    (user_data_dir() / "settings.json").write_text(json.dumps({"window_size": size, "fullscreen": "yes",
                                                             "volume": 0.3}))
    s = Settings.load()
    assert s.window_size == [] and s.fullscreen is False and s.volume == 0.3
    assert "the window's size" in s.problem and "full screen" in s.problem


def test_a_settings_file_that_cannot_be_written_is_logged_not_raised(monkeypatch, caplog):
    s = Settings.load()
    assert s.save_or_log() is True

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("game.ui.files.os.replace", boom)
    s.volume = 0.1
    assert s.save_or_log("the volume") is False
    assert s.volume == 0.1 and "could not save the volume: disk full" in caplog.text
    assert Settings.load().volume == Settings().volume


@pytest.mark.parametrize("name", ["card_back", "default_level", "hand_sort"])
@pytest.mark.parametrize("value", [["red"], {"red": 1}, 7, None, True])
def test_a_choice_of_the_wrong_kind_is_forgotten_and_reported(name, value):
    (user_data_dir() / "settings.json").write_text(json.dumps({name: value, "volume": 0.3}))
    s = Settings.load()
    assert getattr(s, name) == getattr(Settings(), name) and s.volume == 0.3
    assert SETTING_WORDS[name] in s.problem


JSON = hst.recursive(
    hst.none() | hst.booleans() | hst.integers(-10, 10**5) | hst.floats(allow_nan=False)
    | hst.sampled_from(["", "red", "hard", "rank", "rummy5000", "x"]),
    lambda inner: hst.lists(inner, max_size=3) | hst.dictionaries(hst.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=hst.dictionaries(hst.sampled_from(Settings.SAVED + ("other",)), JSON, max_size=4) | JSON)
def test_any_settings_file_loads_and_saves_again(data):
    """Whatever JSON the settings file holds, loading it never raises, and what it gives
    can be saved and loads back the same."""
    path = user_data_dir() / "settings.json"
    path.write_text(json.dumps(data))
    s = Settings.load()
    s.save()
    assert Settings.load() == s


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=hst.dictionaries(hst.sampled_from(["version", "presets", "levels", "rummy5000", "x"]),
                             JSON, max_size=3) | JSON)
def test_any_statistics_file_loads_and_saves_again(data):
    path = user_data_dir() / "stats.json"
    path.write_text(json.dumps(data))
    st = Stats.load()
    st.save()
    again = Stats.load()
    assert again.problem is None


def test_an_unknown_hand_sort_is_forgotten_and_reported():
    (user_data_dir() / "settings.json").write_text(json.dumps({"hand_sort": "colour", "volume": 0.3}))
    s = Settings.load()
    assert s.hand_sort == "suit" and s.volume == 0.3 and "the way the hand is sorted" in s.problem


def test_unreadable_settings_path_is_reported(tmp_path):
    folder = tmp_path / "settings.json"
    folder.mkdir()  # a folder where the file should be
    s = Settings.load(folder)
    assert s.problem and s == Settings()


# ---------------------------------------------------------------------- statistics


def test_stats_round_trip():
    st = Stats.load()
    assert st.total_games == 0 and st.problem is None
    st.record_game("rummy5000", True, 5120, 9)
    st.record_game("rummy5000", False, 5300, 7)
    st.record_game("basic", False, 40, 3)
    st.save()
    again = Stats.load()
    assert again.presets == st.presets
    e = again.get("rummy5000")
    assert (e.games, e.wins, e.best_score, e.total_rounds) == (2, 1, 5300, 16)
    assert e.win_rate == 0.5
    assert again.get("george").games == 0
    assert sorted(p.name for p in user_data_dir().iterdir()) == ["stats.json", "stats.json.bak"]


def test_a_game_left_unfinished_counts_as_played_and_not_won():
    st = Stats.load()
    st.record_game("rummy5000", True, 5120, 9)
    st.record_abandoned("rummy5000", 3)
    st.save()
    e = Stats.load().get("rummy5000")
    assert (e.games, e.wins, e.abandoned, e.total_rounds) == (2, 1, 1, 12)
    assert e.win_rate == 0.5


def test_games_are_also_counted_by_the_strongest_computer_level_played_against():
    from game.ui.stats import strongest_opponent

    assert strongest_opponent(["", "easy", "hard", "normal"], 0) == "hard"
    assert strongest_opponent(["easy", "", "normal"], 1) == "normal"
    assert strongest_opponent(["", None, ""], 0) is None  # nobody but people
    # a partner is not an opponent: seat 0 plays with seat 2
    assert strongest_opponent(["", "easy", "hard", "normal"], 0, [[0, 2], [1, 3]]) == "normal"
    st = Stats.load()
    st.record_game("rummy5000", True, 5120, 9, against="hard")
    st.record_game("rummy500", False, 300, 7, against="hard")
    st.record_game("basic", True, 100, 3, against="easy")
    st.record_abandoned("rummy5000", 2, against="normal")
    st.record_game("basic", True, 100, 3)  # (not known: counted by preset only)
    st.save()
    again = Stats.load()
    assert again.problem is None and again.against == st.against
    assert [(lv, again.get_against(lv).games, again.get_against(lv).wins)
            for lv in ("easy", "normal", "hard")] == [("easy", 1, 1), ("normal", 1, 0), ("hard", 2, 1)]
    assert again.get("basic").games == 2
    again.reset()
    assert again.get_against("hard").games == 0


def test_a_statistics_file_from_before_the_levels_were_counted_still_loads():
    path = user_data_dir() / "stats.json"
    path.write_text(json.dumps({"version": 1, "presets": {"rummy5000": {"games": 3, "wins": 1}}}))
    st = Stats.load()
    assert st.problem is None and st.get("rummy5000").games == 3 and st.against == {}


def test_stats_best_score_can_be_lowest():
    st = Stats()
    st.record_game("basic", True, 80, 4, lower_is_better=True)
    st.record_game("basic", True, 35, 4, lower_is_better=True)
    st.record_game("basic", True, 90, 4, lower_is_better=True)
    assert (st.get("basic").best_low, st.get("basic").best_score) == (35, None)


def test_both_bests_do_not_run_into_the_win_rate(tmp_path, monkeypatch):
    """"12,345 · 1,050 low" ran over the "50%" beside it at 1024x640: where both bests do not
    fit side by side, the lowest goes under the highest."""
    import pygame

    from game.ui import menus
    from game.ui import ui_kit as ui

    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    pygame.init()
    pygame.display.set_mode((320, 200))
    st = Stats()
    st.record_game("rummy5000", True, 12345, 15)
    st.record_game("rummy5000", False, 1050, 2, lower_is_better=True)
    st.save()
    from test_ui_menus import FakeApp

    draw = ui.draw_text
    for size in ((1024, 640), (1920, 1080)):
        rects: dict[str, pygame.Rect] = {}

        def record(surface, text, *args, _rects=rects, **kw):
            _rects[text] = draw(surface, text, *args, **kw)
            return _rects[text]

        monkeypatch.setattr(ui, "draw_text", record)
        menus.StatsScene(FakeApp(size)).draw(pygame.Surface(size))
        monkeypatch.setattr(ui, "draw_text", draw)
        rate = rects["50%"]
        bests = [r for t, r in rects.items() if "12,345" in t or "1,050 low" in t]
        assert bests and not any(r.colliderect(rate) for r in bests), (size, rects)


def test_a_penalty_games_best_is_kept_apart_from_the_highest_score():
    """A Rummy 5000 game with penalty scoring (lowest wins) put its 50 in place of another
    game's 2,000 as the preset's "best score" (a tester): each is kept, and read back."""
    from game.ui.menus.stats_screen import _best_text

    st = Stats()
    st.record_game("rummy5000", True, 2000, 9)
    st.record_game("rummy5000", False, 50, 2, lower_is_better=True)
    st.record_game("rummy5000", False, 1500, 9)
    st.record_game("rummy5000", False, 80, 2, lower_is_better=True)
    e = st.get("rummy5000")
    assert (e.best_score, e.best_low, e.games) == (2000, 50, 4)
    assert _best_text(e) == "2,000 · 50 low"
    st.save()
    again = Stats.load().get("rummy5000")
    assert (again.best_score, again.best_low) == (2000, 50)
    assert _best_text(Stats().get("basic")) == "–"


def test_negative_scores_are_kept():
    st = Stats()
    st.record_game("rummy500", False, -45, 2)
    assert st.get("rummy500").best_score == -45
    st.record_game("rummy500", False, -90, 2)
    assert st.get("rummy500").best_score == -45


@pytest.mark.parametrize("text", [
    "{ broken",
    "[]",
    json.dumps({"presets": {"rummy5000": {"games": "many"}}}),
    json.dumps({"presets": {"rummy5000": {"games": 1, "wins": 3}}}),
    json.dumps({"presets": {"rummy5000": {"games": 1, "best_score": "high"}}}),
    json.dumps({"presets": {"rummy5000": {"games": 2, "wins": 1, "abandoned": 2}}}),
    json.dumps({"presets": {}, "against": ["hard"]}),
    json.dumps({"presets": {}, "against": {"hard": {"games": 1, "wins": 2}}}),
    json.dumps({"presets": {}, "against": {"hard": {"games": -1}}}),
    # counts no player reaches (the screen's numbers ran over each other: a tester)
    json.dumps({"presets": {"rummy500": {"games": 10**25, "wins": 10**24}}}),
    json.dumps({"presets": {"rummy500": {"games": 3, "best_score": 10**30}}}),
    json.dumps({"presets": {}, "against": {"hard": {"games": 10**25}}}),
])
def test_damaged_stats_file_is_kept_aside(text):
    path = user_data_dir() / "stats.json"
    path.write_text(text)
    st = Stats.load()
    assert st.problem and "damaged" in st.problem
    assert st.total_games == 0
    assert (user_data_dir() / "stats.json.bad").read_text() == text
    st.record_game("rummy5000", True, 100, 1)
    st.save()
    assert Stats.load().get("rummy5000").games == 1
    assert (user_data_dir() / "stats.json.bad").read_text() == text


def test_the_first_counted_game_survives_damage_to_the_statistics_file():
    """With one game counted there was no backup copy yet, and damage lost the record for
    good (a tester): the first write is its own backup copy."""
    st = Stats.load()
    st.record_game("rummy5000", False, 2440, 19, against="hard")
    st.save()
    assert (user_data_dir() / "stats.json.bak").exists()
    (user_data_dir() / "stats.json").write_text("garbage{{{ not json")
    again = Stats.load()
    assert again.get("rummy5000").games == 1 and again.get_against("hard").games == 1
    assert "its backup copy is used" in again.problem
    assert Stats.load().get("rummy5000").games == 1  # (and on every later look)


def test_a_damaged_stats_or_settings_file_falls_back_to_its_backup_copy():
    """Statistics and settings kept no backup copy: a damaged file lost the player's record
    (a tester). Each write keeps the file it replaces as .bak; a damaged file is set aside
    and the backup copy used, with a word that it may lack the last change."""
    st = Stats.load()
    st.record_game("rummy5000", True, 5200, 12)
    st.save()
    st.record_game("rummy5000", False, 3100, 9)
    st.save()  # (the first record is now the backup copy)
    path = user_data_dir() / "stats.json"
    assert json.loads((user_data_dir() / "stats.json.bak").read_text())["presets"]["rummy5000"]["games"] == 1
    path.write_text("{ damaged")
    again = Stats.load()
    assert again.get("rummy5000").games == 1 and again.get("rummy5000").best_score == 5200
    assert again.problem == ("Your statistics file was damaged and has been set aside as stats.json.bad; "
                             "its backup copy is used (it may lack the last change).")
    assert (user_data_dir() / "stats.json.bad").read_text() == "{ damaged"
    # put back in its place: the next look finds it (it found no file, and the next game's
    # write kept that game alone, and then wrote the backup copy over: a tester)
    later = Stats.load()
    assert later.problem is None and later.get("rummy5000").games == 1
    later.record_game("rummy500", True, 520, 6)
    later.save()
    last = Stats.load()
    assert last.get("rummy5000").games == 1 and last.get("rummy500").games == 1

    s = Settings.load()
    s.volume = 0.3
    s.save()
    s.volume = 0.6
    s.save()
    (user_data_dir() / "settings.json").write_text("garbage")
    back = Settings.load()
    assert back.volume == 0.3 and "its backup copy is used" in back.problem
    # no backup copy, or a damaged one: fresh, as before
    for name in ("settings.json", "settings.json.bak"):
        (user_data_dir() / name).write_text("garbage")
    fresh = Settings.load()
    assert fresh == Settings() and "damaged" in fresh.problem and "backup" not in fresh.problem


# ---------------------------------------------------------------------- audio


class FakeSound:
    def __init__(self):
        self.played = 0
        self.volume = None

    def set_volume(self, v):
        self.volume = v

    def play(self):
        self.played += 1


def test_audio_plays_every_sound_without_raising():
    a = Audio(Settings())
    for name in SOUND_NAMES:
        a.play(name)
    a.play("no_such_sound")
    a.stop()
    if a.available:
        assert set(a.sounds) == set(SOUND_NAMES)


def test_audio_without_a_device_is_silent(monkeypatch):
    import pygame

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    a = Audio(Settings())
    assert not a.available and not a.enabled and a.problem
    for name in SOUND_NAMES:
        a.play(name)
    a.stop()


def test_audio_with_a_missing_file_is_silent_for_it(monkeypatch, tmp_path):
    real = audio_mod.sound_path
    monkeypatch.setattr(audio_mod, "sound_path",
                        lambda name: tmp_path / "gone.wav" if name == "meld" else real(name))
    a = Audio(Settings())
    if not a.available:
        pytest.skip("no mixer, not even the dummy driver")
    assert "meld" not in a.sounds
    a.play("meld")
    a.play("discard")


def test_audio_honours_sound_and_volume():
    settings = Settings()
    a = Audio.__new__(Audio)
    a.settings, a.available, a.problem, a._pygame = settings, True, None, None
    a.sounds = {"meld": FakeSound()}
    settings.volume = 0.3
    a.play("meld")
    assert a.sounds["meld"].played == 1 and a.sounds["meld"].volume == pytest.approx(0.3)
    settings.sound = False
    a.play("meld")
    assert a.sounds["meld"].played == 1
    settings.sound, settings.volume = True, 0.0
    a.play("meld")
    assert a.sounds["meld"].played == 1


def test_a_failing_sound_does_not_raise():
    class Broken(FakeSound):
        def play(self):
            raise RuntimeError("device lost")

    a = Audio.__new__(Audio)
    a.settings, a.available, a.problem, a._pygame = Settings(), True, None, None
    a.sounds = {"meld": Broken()}
    a.play("meld")


# ---------------------------------------------------------------------- files that cannot be read


@pytest.mark.parametrize("name", ["settings.json", "stats.json"])
def test_a_file_that_cannot_be_read_is_not_written_over(name, monkeypatch):
    """A settings or statistics file that is there but cannot be read (no permission, a
    moment's trouble) may hold the player's record: the game runs on the defaults and
    never writes over it."""
    from pathlib import Path

    from game.ui.files import KeptFileError

    path = user_data_dir() / name
    kept = '{"presets": {"rummy5000": {"games": 250, "wins": 120}}, "volume": 0.2}'
    path.write_text(kept)
    real = Path.read_bytes

    def refused(self):
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", refused)
    loaded = Settings.load() if name == "settings.json" else Stats.load()
    assert loaded.problem and "could not be read" in loaded.problem and "Permission denied" in loaded.problem
    if isinstance(loaded, Stats):
        loaded.record_game("rummy5000", True, 100, 1)
    with pytest.raises(KeptFileError):
        loaded.save()
    if isinstance(loaded, Settings):
        assert loaded.save_or_log("the volume") is False
    assert path.read_text() == kept
    loaded.save(user_data_dir() / "elsewhere.json")  # another file may still be written


@pytest.mark.parametrize("cls", [Settings, Stats])
def test_a_file_where_the_data_folder_should_be_is_named_when_saving_fails(cls, tmp_path):
    # it said "stats.json could not be read, so it is left as it is", where there is no
    # stats.json and the data folder's path is a file (a tester)
    from game.ui.files import KeptFileError, why_failed

    blocker = tmp_path / "datafile"
    blocker.write_text("not a folder")
    name = "settings.json" if cls is Settings else "stats.json"
    loaded = cls.load(blocker / name)
    assert loaded.problem and "is a file where a folder should be" in loaded.problem
    with pytest.raises(OSError) as failed:
        loaded.save()
    assert not isinstance(failed.value, KeptFileError)
    assert why_failed(failed.value) == f"{blocker} is a file where a folder should be"
    assert blocker.read_text() == "not a folder"


@pytest.mark.parametrize("name", ["settings.json", "stats.json"])
def test_json_nested_too_deep_to_read_is_a_damaged_file(name):
    path = user_data_dir() / name
    text = "[" * 100_000 + "]" * 100_000
    path.write_text(text)
    loaded = Settings.load() if name == "settings.json" else Stats.load()
    assert loaded.problem and "damaged" in loaded.problem
    assert (user_data_dir() / (name + ".bad")).read_text() == text


def test_a_byte_order_mark_is_allowed():
    (user_data_dir() / "settings.json").write_bytes(b"\xef\xbb\xbf" + json.dumps({"volume": 0.3}).encode())
    s = Settings.load()
    assert s.problem is None and s.volume == 0.3


def test_a_failed_write_names_the_players_file_not_the_temporary_one():
    from game.ui.files import why_failed, write_atomic

    target = user_data_dir() / "settings.json"
    target.mkdir(parents=True)  # a folder in the way
    with pytest.raises(OSError) as e:
        write_atomic(target, "{}")
    assert why_failed(e.value) == "Is a directory (settings.json)"
    assert sorted(p.name for p in user_data_dir().iterdir()) == ["settings.json"]


def test_a_folder_it_may_not_write_names_the_players_file_so_the_message_stays_the_same(monkeypatch):
    """The temporary file's random name is not in the message: each failed save reads the
    same, so the table says it once (it compares the messages)."""
    import tempfile

    from game.ui.files import why_failed, write_atomic

    def refuse(prefix="", suffix="", dir=None):
        raise PermissionError(13, "Permission denied", f"{dir}/{prefix}x7q2.tmp")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    target = user_data_dir() / "autosave.json"
    for _ in range(2):
        with pytest.raises(OSError) as e:
            write_atomic(target, "{}")
        assert why_failed(e.value) == "Permission denied (autosave.json)"


def test_the_last_game_keeps_only_what_the_new_game_screen_reads():
    deep: list = []
    for _ in range(600):
        deep = [deep]
    (user_data_dir() / "settings.json").write_text(json.dumps({"last_game": {
        "rules": {"preset": "rummy500", "target": 700, "junk": deep}, "players": 3, "extra": deep,
        "names": ["Ann\x00ie", "B" * 40, "Jos\udce9", 7, "  "] + ["x"] * 20, "levels": ["hard", ["easy"]],
    }}))
    s = Settings.load()
    s.save()  # (a deep value would have made writing it fail)
    last = Settings.load().last_game
    assert last["players"] == 3 and "extra" not in last
    assert "rules" not in last  # rules the game cannot read are left out (the screen starts from the preset)
    assert last["names"][:5] == ["Annie", "B" * 16, "Jos", "", ""] and len(last["names"]) == 8
    assert last["levels"] == ["hard", ""]
    (user_data_dir() / "settings.json").write_text(json.dumps({"last_game": {"rules": {"preset": "rummy500",
                                                                                        "target": 700}}}))
    assert Settings.load().last_game == {"rules": {"preset": "rummy500", "target": 700}}
