"""The table in a real window on a real X server, moved by a real (XTEST) mouse and
keyboard through xdotool. Skipped without DISPLAY (run under Xvfb, as CI does)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 800)

pytestmark = pytest.mark.gui


def xdotool(*args: str) -> str:
    proc = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=20)
    return proc.stdout.strip()


def wait_for(predicate, timeout: float = 20.0, step: float = 0.1):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return predicate()


def read_save(path: Path):
    from game.engine.save import loads_game

    try:
        return loads_game(path.read_text(encoding="utf-8"))
    except Exception:  # being written, or not there yet
        return None


@pytest.fixture
def game_window(gui_env, tmp_path):
    if shutil.which("xdotool") is None:
        pytest.skip("xdotool is not installed")
    (tmp_path / "settings.json").write_text(json.dumps({"animation_speed": 0}))
    env = dict(gui_env, RUMMY5000_DATA_DIR=str(tmp_path), SDL_AUDIODRIVER="dummy",
               RUMMY5000_WINDOW_SIZE=f"{SIZE[0]}x{SIZE[1]}")
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "--seed", "4", "--players", "2"],
        cwd=REPO_ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wid = wait_for(lambda: xdotool("search", "--pid", str(proc.pid)).split()[-1:], timeout=30)
        assert wid, "the window did not open"
        save = tmp_path / "autosave.json"

        def my_draw():  # the computer player moves at once (no animation): wait for our turn
            g = read_save(save)
            return g if g is not None and g.phase == "draw" and g.current == 0 else None

        g = wait_for(my_draw, timeout=30)
        assert g is not None, "the person's first turn did not come"
        time.sleep(0.3)
        yield proc, wid[0], save, wait_for(my_draw)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_drag_the_stock_to_the_hand_then_discard_with_a_key(game_window):
    from game.ui.layout import TableLayout

    proc, wid, save, g = game_window
    assert g.phase == "draw" and g.current == 0
    held = len(g.hands[0])
    L = TableLayout(SIZE, g.players, 0, g.decks)
    sx, sy = L.stock.center
    hx, hy = L.hand_area.center
    time.sleep(0.5)  # let the window settle
    xdotool("mousemove", "--window", wid, str(sx), str(sy))
    time.sleep(0.1)
    xdotool("mousedown", "1")
    for k in range(1, 9):
        x = sx + (hx - sx) * k // 8
        y = sy + (hy - sy) * k // 8
        xdotool("mousemove", "--window", wid, str(x), str(y))
        time.sleep(0.03)
    xdotool("mouseup", "1")
    after = wait_for(lambda: (lambda s: s if s is not None and s.phase == "play" else None)(read_save(save)))
    assert after is not None, "the drag did not draw a card"
    assert len(after.hands[0]) == held + 1 and len(after.stock) == len(g.stock) - 1
    # the keyboard alone: X discards the focused card (the first one in the hand)
    xdotool("key", "--window", wid, "x")
    # (the computer player answers at once, so look at the turn count rather than whose turn)
    done = wait_for(lambda: (lambda s: s if s is not None and s.turns[0] > after.turns[0] else None)(
        read_save(save)))
    assert done is not None, "the key did not discard"
    assert proc.poll() is None, "the game is still running"
