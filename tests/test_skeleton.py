"""The project skeleton: command line, packaging, assets and layer boundaries."""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import types
import wave
import zipfile
from pathlib import Path

import pytest

import game
from game import resources
from game.__main__ import main

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

REPO_ROOT = Path(__file__).resolve().parent.parent
SUITS = "\u2660\u2665\u2666\u2663"  # ♠♥♦♣
SOUNDS = (
    "card_draw",
    "card_place",
    "card_shuffle",
    "card_deal",
    "discard",
    "meld",
    "rummy_call",
    "round_end",
    "error",
)


def run_python(*args: str, **kwargs) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=kwargs.pop("cwd", REPO_ROOT),
        capture_output=True,
        text=True,
        timeout=120,
        **kwargs,
    )


def pyproject() -> dict:
    with open(REPO_ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


# --- command line --------------------------------------------------------------------


def test_python_m_game_version():
    proc = run_python("-m", "game", "--version")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"rummy5000 {game.__version__}"


def test_version_is_single_sourced():
    assert game.__version__ == "0.1.0"
    data = pyproject()
    assert "version" not in data["project"]
    assert "version" in data["project"]["dynamic"]
    assert data["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.__version__"}
    try:
        installed = importlib.metadata.version("rummy5000")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("rummy5000 is not installed in this environment")
    assert installed == game.__version__


def test_console_script_is_the_same_main():
    assert pyproject()["project"]["scripts"]["rummy5000"] == "game.__main__:main"
    script = shutil.which("rummy5000", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("the rummy5000 script is not installed next to this interpreter")
    proc = subprocess.run([script, "--version"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"rummy5000 {game.__version__}"


def test_simulate_is_dispatched_with_remaining_args(monkeypatch):
    seen = []
    fake = types.ModuleType("game.simulate")
    fake.main = lambda argv: seen.append(argv) or 0
    monkeypatch.setitem(sys.modules, "game.simulate", fake)
    assert main(["simulate", "--games", "3", "--seed", "1"]) == 0
    assert seen == [["--games", "3", "--seed", "1"]]


def test_simulate_missing_is_a_clear_error(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "game.simulate", None)  # import now fails
    assert main(["simulate"]) == 2
    assert "simulate" in capsys.readouterr().err


def test_gui_that_cannot_be_imported_is_a_clear_error(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "game.ui.app", None)  # import now fails
    assert main([]) == 2
    assert "cannot start the game" in capsys.readouterr().err


def test_gui_receives_parsed_options(monkeypatch):
    seen = []
    fake = types.ModuleType("game.ui.app")
    fake.main = lambda args: seen.append(args)
    monkeypatch.setitem(sys.modules, "game.ui.app", fake)
    argv = ["--preset", "rummy500", "--players", "4", "--seed", "7", "--load", "save.json"]
    argv += ["--autoplay", "--exit-after", "round", "--selftest"]
    assert main(argv) == 0
    (args,) = seen
    assert args.preset == "rummy500"
    assert args.players == 4
    assert args.seed == 7
    assert args.load == "save.json"
    assert args.autoplay is True
    assert args.exit_after == "round"
    assert args.selftest is True


def test_gui_defaults(monkeypatch):
    seen = []
    fake = types.ModuleType("game.ui.app")
    fake.main = lambda args: seen.append(args) or 0
    monkeypatch.setitem(sys.modules, "game.ui.app", fake)
    assert main([]) == 0
    (args,) = seen
    assert (args.preset, args.players, args.seed, args.load) == (None, None, None, None)
    assert (args.autoplay, args.exit_after, args.selftest) == (False, None, False)


def test_bad_option_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--exit-after", "never"])
    assert exc.value.code == 2


@pytest.mark.parametrize("option, says", [("--load", "file name"), ("--preset", "preset name")])
@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_load_or_preset_is_a_usage_error(option, says, value, monkeypatch, capsys):
    """``--load ""`` used to open the title screen and ``--preset ""`` a Rummy 5000 game,
    as if the option had not been given."""
    fake = types.ModuleType("game.ui.app")
    fake.main = lambda args: pytest.fail("the game started")
    monkeypatch.setitem(sys.modules, "game.ui.app", fake)
    with pytest.raises(SystemExit) as exc:
        main([option, value])
    assert exc.value.code == 2
    assert f"{option} needs a {says}" in capsys.readouterr().err


# --- packaging -------------------------------------------------------------------------


def test_pyproject_lists_every_package():
    listed = set(pyproject()["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(init.parent.relative_to(REPO_ROOT).parts)
        for init in (REPO_ROOT / "game").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    missing = on_disk - listed
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {missing}"
    assert {"game", "game.engine", "game.bots", "game.ui", "game._assets"} <= listed


@pytest.mark.slow
def test_wheel_ships_assets_and_finds_them(tmp_path):
    src = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")
    for name in ("game", "assets"):
        shutil.copytree(REPO_ROOT / name, src / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO_ROOT / name, src / name)
    out = tmp_path / "dist"
    proc = run_python(
        "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out), str(src),
        cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (wheel,) = out.glob("rummy5000-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        zf.extractall(tmp_path / "site")
    expected = {
        "game/__main__.py",
        "game/resources.py",
        "game/_assets/fonts/DejaVuSans.ttf",
        "game/_assets/fonts/DejaVuSans-Bold.ttf",
        "game/_assets/fonts/LICENSE-DejaVu.txt",
        "game/_assets/icons/icon.png",
        "game/_assets/icons/icon.ico",
        *(f"game/_assets/sounds/{s}.wav" for s in SOUNDS),
    }
    assert expected <= names, sorted(expected - names)
    # the installed copy finds its own assets, away from the source tree
    code = "from game.resources import font_path; print(font_path())"
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "site"))
    proc = run_python("-c", code, cwd=tmp_path, env=env)
    assert proc.returncode == 0, proc.stderr
    found = Path(proc.stdout.strip())
    assert found.is_file()
    assert (tmp_path / "site") in found.parents


# --- assets ----------------------------------------------------------------------------


def test_fonts_are_found():
    path = resources.asset_path("fonts", "DejaVuSans.ttf")
    assert isinstance(path, Path)
    assert path.is_file()
    assert resources.font_path().is_file()
    assert resources.font_path(bold=True).is_file()
    assert resources.font_path(bold=True) != resources.font_path()
    assert resources.asset_path("fonts", "LICENSE-DejaVu.txt").is_file()


def test_icons_exist():
    png = resources.asset_path("icons", "icon.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    ico = resources.asset_path("icons", "icon.ico").read_bytes()
    assert ico[:4] == b"\x00\x00\x01\x00"  # ICO header: reserved 0, type 1
    assert int.from_bytes(ico[4:6], "little") >= 1


@pytest.mark.parametrize("name", SOUNDS)
def test_sound_is_a_short_valid_wav(name):
    path = resources.sound_path(name)
    assert path == resources.asset_path("sounds", f"{name}.wav")
    with wave.open(str(path), "rb") as w:
        assert w.getnchannels() == 1
        assert w.getsampwidth() == 2
        assert w.getframerate() == 22050
        assert 0 < w.getnframes() / w.getframerate() < 0.6
        assert len(w.readframes(w.getnframes())) == 2 * w.getnframes()


def test_every_sound_file_is_known():
    on_disk = {p.stem for p in resources.asset_path("sounds").glob("*.wav")}
    assert on_disk == set(SOUNDS)


def test_bundle_dir_takes_precedence(monkeypatch, tmp_path):
    bundled = tmp_path / "assets" / "fonts"
    bundled.mkdir(parents=True)
    (bundled / "DejaVuSans.ttf").write_bytes(b"")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    resources.assets_dir.cache_clear()
    try:
        assert resources.font_path() == bundled / "DejaVuSans.ttf"
    finally:
        monkeypatch.delattr(sys, "_MEIPASS")
        resources.assets_dir.cache_clear()
    assert resources.font_path() != bundled / "DejaVuSans.ttf"


def test_user_data_dir_override_is_created(monkeypatch, tmp_path):
    target = tmp_path / "nested" / "data"
    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(target))
    assert resources.user_data_dir() == target
    assert target.is_dir()


def test_a_user_data_dir_that_cannot_be_made_is_reported_once_not_raised(monkeypatch, tmp_path, caplog):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    target = blocker / "data"
    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(target))
    with caplog.at_level("WARNING", logger="game.resources"):
        assert resources.user_data_dir() == target
        assert resources.user_data_dir() == target
    said = [r.getMessage() for r in caplog.records if r.name == "game.resources"]
    assert len(said) == 1 and str(target) in said[0] and "cannot be made" in said[0]
    assert not target.exists()


def test_user_data_dir_is_per_user(monkeypatch, tmp_path):
    monkeypatch.delenv("RUMMY5000_DATA_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "appdata"))
    path = resources.user_data_dir()
    assert path.is_dir()
    assert "Rummy5000" in path.parts
    assert tmp_path in path.parents
    assert Path(sys.executable).resolve().parent not in path.parents


# --- layer boundaries ------------------------------------------------------------------

IMPORT_ALL = """
import importlib, pkgutil, sys
name, walk = sys.argv[1], sys.argv[2] == "walk"
pkg = importlib.import_module(name)
for info in pkgutil.walk_packages(pkg.__path__, name + ".") if walk else ():
    importlib.import_module(info.name)
leaked = sorted(m for m in sys.modules if m.split(".")[0] == "pygame" or m.startswith("game.ui"))
print(" ".join(leaked))
"""


@pytest.mark.parametrize(
    ("package", "walk"),
    [("game", False), ("game.resources", False), ("game.engine", True), ("game.bots", True)],
)
def test_headless_layers_do_not_import_pygame(package, walk):
    """The engine and the bots, with every module in them, must run without pygame."""
    proc = run_python("-c", IMPORT_ALL, package, "walk" if walk else "flat")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "", f"importing {package} pulled in: {proc.stdout.strip()}"


def test_version_does_not_import_pygame():
    code = (
        "import sys\n"
        "from game.__main__ import main\n"
        "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
        "print('pygame' in sys.modules)\n"
    )
    proc = run_python("-c", code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("False")


# --- pygame with the bundled assets ---------------------------------------------------


@pytest.mark.parametrize("bold", [False, True])
def test_bundled_font_renders_suit_symbols(bold):
    import pygame
    pygame.font.init()
    try:
        font = pygame.font.Font(str(resources.font_path(bold=bold)), 32)
        metrics = font.metrics(SUITS)
        assert len(metrics) == len(SUITS)
        assert all(m is not None for m in metrics), metrics
        surface = font.render(SUITS + " 10 J Q K A", True, (0, 0, 0))
        assert surface.get_width() > 0 and surface.get_height() > 0
    finally:
        pygame.font.quit()


def test_sounds_load_in_the_mixer():
    import pygame
    try:
        pygame.mixer.init(frequency=22050, size=-16, channels=1)
    except pygame.error as exc:
        pytest.skip(f"no audio device, not even the dummy one: {exc}")
    try:
        for name in SOUNDS:
            sound = pygame.mixer.Sound(str(resources.sound_path(name)))
            assert 0 < sound.get_length() < 0.6
    finally:
        pygame.mixer.quit()


def test_icon_loads_in_pygame():
    import pygame
    icon = pygame.image.load(str(resources.asset_path("icons", "icon.png")))
    assert icon.get_size() == (256, 256)


WINDOW = """
import pygame
from game.resources import asset_path
pygame.display.init()
pygame.display.set_icon(pygame.image.load(str(asset_path("icons", "icon.png"))))
screen = pygame.display.set_mode((320, 200))
pygame.display.set_caption("Rummy 5000")
screen.fill((22, 110, 62))
pygame.display.flip()
print(pygame.display.get_driver(), screen.get_size())
pygame.quit()
"""


@pytest.mark.gui
def test_window_opens_on_a_real_x_server(gui_env):
    proc = run_python("-c", WINDOW, env=gui_env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split()[0] == "x11"
