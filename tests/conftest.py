"""Shared test setup.

pygame reads its driver settings when it is first imported and initialised, so they
are set here, before any test module can import it: by default every test runs with
SDL's dummy video and audio drivers and needs no screen or sound card.

Tests marked ``gui`` need a real X server (CI starts Xvfb and exports DISPLAY); they
are skipped when DISPLAY is not set. Use the ``gui_env`` fixture to get an environment
for a subprocess that should open a real window.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("DISPLAY"):
        return
    skip_gui = pytest.mark.skip(reason="needs an X server: set DISPLAY (e.g. run under Xvfb)")
    for item in items:
        if "gui" in item.keywords:
            item.add_marker(skip_gui)


@pytest.fixture(autouse=True)
def _private_user_data(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Keep every test's settings and saves out of the real per-user data folder."""
    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path_factory.mktemp("userdata")))


@pytest.fixture(autouse=True)
def _sheets_take_keys_at_once(monkeypatch: pytest.MonkeyPatch):
    """A sheet ignores Enter and Space for a moment after it opens (see
    ``SheetScene.KEY_GUARD``); the tests press them at once (one test checks the guard)."""
    from game.ui.sheets import SheetScene

    monkeypatch.setattr(SheetScene, "KEY_GUARD", 0.0)


@pytest.fixture
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture
def python() -> str:
    """The interpreter running the tests, for subprocesses."""
    return sys.executable


@pytest.fixture
def gui_env() -> dict[str, str]:
    """Environment for a subprocess that opens a real window on $DISPLAY."""
    env = dict(os.environ)
    env["SDL_VIDEODRIVER"] = "x11"
    return env
