"""A saved game's seat list (``autosave.json.seats``) and names, read back with care.

The seat file is a convenience next to the save: a damaged or odd one must never stop a
good save from loading, nor put text on the table that cannot be drawn, nor leave a
second "person" seat that nobody plays.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.engine import DrawStock
from game.resources import user_data_dir
from game.ui import menus
from game.ui.app import App
from game.ui.controller import Controller, autosave_path, load_saved, read_save
from game.ui.settings import Settings
from game.ui.table import TableScene

DEEP = "[" * 100000 + "]" * 100000  # valid-looking JSON nested far too deep to read


def quick() -> Settings:
    return Settings(animation_speed=0, rummy_window=0.5, sound=False)


def saved(path: Path, players: int = 3) -> Controller:
    """A game saved at ``path`` twice (so the save and its seat file have ``.bak`` copies),
    with the person (seat 0) to play."""
    c = Controller.new("rummy5000", players, seed=4, settings=quick(), save_path=path)
    c.autosave(fresh=True)
    for _ in range(200):
        if c.human_to_act:
            break
        c.update(1.0)
    c.autosave()
    assert c.human_to_act
    return c


def seats_file(save: Path) -> Path:
    return save.with_name(save.name + ".seats")


def edit_seats(save: Path, change) -> None:
    """Change the saved seat list with ``change(seats)``; its ``.bak`` goes, so only the
    changed list is there to read."""
    f = seats_file(save)
    seats = json.loads(f.read_text())
    change(seats)
    f.write_text(json.dumps(seats))
    f.with_name(f.name + ".bak").unlink()


@pytest.fixture
def app():
    a = App(size=(1280, 800), settings=quick())
    yield a
    a.close_scenes()


# --------------------------------------------------------------------------- a seat file nested too deep


def test_a_seat_file_nested_too_deep_falls_back_to_its_copy_then_to_none(tmp_path):
    save = tmp_path / "autosave.json"
    c = saved(save)
    good = json.loads(seats_file(save).with_name("autosave.json.seats.bak").read_text())
    seats_file(save).write_text(DEEP)
    g, seats, problem = read_save(save)
    assert g.hands == c.g.hands and seats == good and problem is None
    seats_file(save).with_name("autosave.json.seats.bak").write_text(DEEP)
    assert load_saved(save)[1] is None
    loaded = Controller.load(save)
    assert loaded.g.hands == c.g.hands and loaded.human == 0


def test_continue_plays_on_from_a_good_save_whose_seat_files_are_nested_too_deep(app):
    save = autosave_path()
    saved(save)
    seats_file(save).write_text(DEEP)
    seats_file(save).with_name("autosave.json.seats.bak").write_text(DEEP)
    app.show_title()
    title = app.stack.top
    assert isinstance(title, menus.TitleScene)
    title._continue()
    assert isinstance(app.stack.top, TableScene) and not title.notice
    assert save.exists() and not list(user_data_dir().glob("*.damaged"))


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize(("name", "shown"), [
    ("Bru\x00no", "Bruno"),
    ("Bru\ud800no", "Bruno"),
    ("Bru\nno\t", "Bru no"),
    ("\x1b[31mRed", "[31mRed"),
    ("B" * 100000, "B" * 16),
    ("  Ann  ", "Ann"),
    ("Annabelle Lee-Smithson", "Annabelle Lee-Sm"),
])
def test_a_saved_name_is_cleaned_and_cut_to_the_new_game_screens_length(tmp_path, name, shown):
    save = tmp_path / "autosave.json"
    saved(save)
    edit_seats(save, lambda seats: seats[1].update(name=name))
    c = Controller.load(save)
    assert c.seats[1].name == shown
    assert [s.name for s in c.seats][::2] == ["You", "Ben"]  # the others as they were


@pytest.mark.parametrize("name", ["", "   ", "\x00\x01\n", "\ud800", 5, ["x"], None])
def test_a_saved_name_with_nothing_to_show_is_the_games_own(tmp_path, name):
    save = tmp_path / "autosave.json"
    c = saved(save)
    edit_seats(save, lambda seats: seats[1].update(name=name))
    assert Controller.load(save).seats[1].name == c.g.seat_name(1) == "Alice"


def test_a_name_inside_the_save_itself_is_cleaned(tmp_path):
    save = tmp_path / "autosave.json"
    saved(save)
    for p in tmp_path.glob("*.seats*"):
        p.unlink()
    data = json.loads(save.read_text())
    data["names"][1] = "Bru\x00no"
    data["names"][2] = "\x00\ud800 "
    save.write_text(json.dumps(data))
    c = Controller.load(save)
    assert [s.name for s in c.seats] == ["You", "Bruno", "Player 3"]
    assert [c.g.seat_name(i) for i in range(3)] == ["You", "Bruno", "Player 3"]  # the score sheets'


def test_continue_draws_a_table_whose_saved_names_had_odd_characters(app):
    save = autosave_path()
    saved(save)
    edit_seats(save, lambda seats: (seats[1].update(name="Bru\x00no"), seats[2].update(name="Cla\ud800ra")))
    scene = app.continue_game()
    app.pump(5)
    for key in (pygame.K_l, pygame.K_ESCAPE, pygame.K_TAB):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        app.pump(3)
    assert [s.name for s in scene.c.seats] == ["You", "Bruno", "Clara"]


# --------------------------------------------------------------------------- the last moves


def test_saved_last_moves_are_cleaned_and_cut(tmp_path):
    save = tmp_path / "autosave.json"
    c = saved(save)
    before = c.move_lines()
    assert before

    def change(seats):
        seats[0]["moves"] += [[1, "took\x00 the 5\u2665"], [2, "x" * 100000], [1, "\x00\n"], [2, "\ud800drew\n"]]

    edit_seats(save, change)
    lines = Controller.load(save).move_lines()
    assert lines == [*before, (1, "took the 5\u2665"), (2, "x" * 200), (2, "drew")]


def test_a_well_formed_seat_file_loads_as_it_was_saved(tmp_path):
    save = tmp_path / "autosave.json"
    c = saved(save, players=4)
    again = Controller.load(save)
    assert [(s.name, s.kind, s.level) for s in again.seats] == [(s.name, s.kind, s.level) for s in c.seats]
    assert again.move_lines() == c.move_lines() and again.g.names == c.g.names


# --------------------------------------------------------------------------- one person at the table


def test_a_seat_file_naming_nobody_seats_the_person_first_and_the_sheets_name_seats_as_the_table(tmp_path):
    save = tmp_path / "autosave.json"
    saved(save, players=3)
    edit_seats(save, lambda seats: [s.update(kind="bot", level="easy") for s in seats])
    c = Controller.load(save)
    assert c.human == 0 and [s.kind for s in c.seats] == ["human", "bot", "bot"]
    # a seat file whose names differ from the save's: the score sheets use the table's
    seats = json.loads(seats_file(save).read_text())
    seats[2]["name"] = "Zed"
    seats_file(save).write_text(json.dumps(seats))
    c = Controller.load(save)
    assert c.seats[2].name == "Zed" == c.g.seat_name(2)
    assert Controller.load(save, autoplay=True).human is None


def test_a_seat_file_with_two_people_seats_the_second_one_as_a_computer_player(tmp_path):
    save = tmp_path / "autosave.json"
    saved(save, players=4)
    edit_seats(save, lambda seats: (seats[1].update(kind="human", level=""),
                                    seats[3].update(kind="human", level="hard")))
    c = Controller.load(save, settings=quick())
    assert [(s.kind, s.level) for s in c.seats] == [
        ("human", ""), ("bot", "normal"), ("bot", "normal"), ("bot", "normal")]
    assert c.humans == [0] and c.human == 0
    # the game goes on: after the person's turn every other seat plays, and it is theirs again
    turns = c.g.turns[0]
    while c.human_to_act:
        c.act(c.hint() or DrawStock())
    for _ in range(400):
        if c.human_to_act or c.g.round_done:
            break
        c.update(10.0)
    assert c.human_to_act or c.g.round_done
    assert c.g.turns[0] == turns + 1 and all(t > 0 for t in c.g.turns)
