"""The stand-alone builds: build.spec, the icons, the release workflow and CI.

The fast tests read the files (build.spec is run with stand-ins for PyInstaller's
classes, once per platform). The slow test really builds the app with PyInstaller and
runs its self-test; it runs only with RUMMY5000_BUILD_TEST=1, because CI already does
the same build in its own step (see .ci/run).
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import struct
import subprocess
import sys
import types
from pathlib import Path

import pytest

import game

REPO_ROOT = Path(__file__).resolve().parent.parent
SPEC = REPO_ROOT / "build.spec"
ICONS = REPO_ROOT / "assets" / "icons"
WORKFLOW = REPO_ROOT / ".github" / "workflows" / "release.yml"
APP_NAME = "Rummy 5000"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
BUILD_TEST_ENV = "RUMMY5000_BUILD_TEST"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_MAGIC
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def asset_files() -> list[Path]:
    return sorted(
        p.relative_to(REPO_ROOT)
        for p in (REPO_ROOT / "assets").rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(REPO_ROOT).parts)
    )


# --- build.spec ------------------------------------------------------------------------


class _Recorder:
    """Stands in for one of PyInstaller's build classes and remembers its arguments."""

    def __init__(self, kind: str, calls: dict, *args, **kwargs):
        self.kind, self.args, self.kwargs = kind, args, kwargs
        calls.setdefault(kind, []).append(self)
        # attributes later steps read
        self.pure, self.scripts, self.binaries, self.datas = [], [], [], []


def run_spec(monkeypatch: pytest.MonkeyPatch, platform: str) -> dict[str, list[_Recorder]]:
    """Execute build.spec as PyInstaller would, on ``platform``; return the build calls."""
    calls: dict[str, list[_Recorder]] = {}
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda name: [f"{name}.<every submodule>"]
    versioninfo = types.ModuleType("PyInstaller.utils.win32.versioninfo")
    for name in ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable",
                 "StringStruct", "VarFileInfo", "VarStruct"):  # fmt: skip
        setattr(versioninfo, name, lambda *a, _n=name, **k: (_n, a, k))
    win32 = types.ModuleType("PyInstaller.utils.win32")
    win32.versioninfo = versioninfo
    for name, module in {
        "PyInstaller": types.ModuleType("PyInstaller"),
        "PyInstaller.utils": types.ModuleType("PyInstaller.utils"),
        "PyInstaller.utils.hooks": hooks,
        "PyInstaller.utils.win32": win32,
        "PyInstaller.utils.win32.versioninfo": versioninfo,
    }.items():
        monkeypatch.setitem(sys.modules, name, module)
    namespace = {"__name__": "__main__", "__file__": str(SPEC), "SPECPATH": str(REPO_ROOT)}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        namespace[kind] = lambda *a, _k=kind, **kw: _Recorder(_k, calls, *a, **kw)
    monkeypatch.setattr(sys, "platform", platform)
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    return calls


def test_build_spec_is_python():
    tree = ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))
    called = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert {"Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"} <= called


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_build_spec_makes_a_one_folder_app(monkeypatch, platform):
    calls = run_spec(monkeypatch, platform)
    (analysis,) = calls["Analysis"]
    (exe,) = calls["EXE"]
    (coll,) = calls["COLLECT"]

    # one folder: the executable leaves its libraries to COLLECT
    assert exe.kwargs["exclude_binaries"] is True
    assert exe.kwargs["name"] == APP_NAME
    assert coll.kwargs["name"] == APP_NAME
    assert exe.kwargs["console"] is False  # windowed on Windows and macOS
    assert exe.kwargs.get("upx") is False

    # the entry point runs the same main as `python -m game`
    (script,) = analysis.args[0]
    source = Path(script).read_text(encoding="utf-8")
    assert "from game.__main__ import main" in source

    # every module of the package, since the dispatcher imports by name
    assert "game.<every submodule>" in analysis.kwargs["hiddenimports"]

    # every asset, under assets/ in the bundle, where game.resources looks
    bundled = {Path(dest) / Path(src).name for src, dest in analysis.kwargs["datas"]}
    # and Python's licence, which travels with the interpreter (a tester found no licence
    # texts in the zip but the font's), where the building Python has one
    python_licence = Path("assets/licenses/python/LICENSE.txt")
    # (the .ico and .icns only the build takes in stay out: a tester found them in the Linux build)
    assert bundled - {python_licence} == {f for f in asset_files() if f.suffix not in (".ico", ".icns")}
    assert Path("assets/icons/icon.png") in bundled
    assert Path("assets/fonts/DejaVuSans.ttf") in bundled
    assert {Path("assets/licenses/THIRD-PARTY.txt"), Path("assets/licenses/LGPL-2.1.txt")} <= bundled
    if any((Path(sys.base_prefix) / p / "LICENSE.txt").is_file()
           for p in ("", f"lib/python{sys.version_info.major}.{sys.version_info.minor}", "Lib")):
        assert python_licence in bundled
    for src, _ in analysis.kwargs["datas"]:
        assert Path(src).is_file()

    excludes = set(analysis.kwargs["excludes"])
    assert {"tkinter", "pytest", "hypothesis", "pygame.tests"} <= excludes
    assert not excludes & {"pygame", "platformdirs", "game", "json", "concurrent"}

    icon = exe.kwargs["icon"]
    if platform == "win32":
        assert Path(icon).name == "icon.ico" and Path(icon).is_file()
        assert exe.kwargs["version"] is not None  # the Explorer version resource
        assert "BUNDLE" not in calls
    elif platform == "darwin":
        (bundle,) = calls["BUNDLE"]
        assert bundle.args == (coll,)
        assert bundle.kwargs["name"] == f"{APP_NAME}.app"
        assert Path(bundle.kwargs["icon"]).name == "icon.icns"
        assert Path(bundle.kwargs["icon"]).is_file()
        assert re.fullmatch(r"[a-z]+(\.[A-Za-z0-9-]+)+", bundle.kwargs["bundle_identifier"])
        assert bundle.kwargs["version"] == game.__version__
        plist = bundle.kwargs["info_plist"]
        assert plist["CFBundleShortVersionString"] == game.__version__
        assert plist["NSHighResolutionCapable"] is True
    else:
        assert "BUNDLE" not in calls
        assert icon is None  # Linux executables have no icon; the window sets icon.png


# --- icons -----------------------------------------------------------------------------


def test_png_icon():
    assert png_size((ICONS / "icon.png").read_bytes()) == (256, 256)


def test_ico_icon_entries_are_pngs():
    data = (ICONS / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 1
    sizes = set()
    for i in range(count):
        w, h, _, _, _, _, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i : 22 + 16 * i]
        )
        size = png_size(data[offset : offset + length])
        assert size == (w or 256, h or 256)
        sizes.add(size[0])
    assert {16, 32, 48, 256} <= sizes


def icns_elements(data: bytes) -> dict[bytes, bytes]:
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    elements, i = {}, 8
    while i < len(data):
        kind, length = struct.unpack(">4sI", data[i : i + 8])
        assert length > 8 and i + length <= len(data)
        elements[kind] = data[i + 8 : i + length]
        i += length
    return elements


def test_icns_icon_has_png_entries_up_to_1024():
    elements = icns_elements((ICONS / "icon.icns").read_bytes())
    expected = {b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024}
    for kind, size in expected.items():
        assert png_size(elements[kind]) == (size, size), kind


def run_tool(script: str, out: Path) -> None:
    """Run ``tools/<script>`` writing into ``out``; it must succeed."""
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "tools" / script), "--out", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_make_icons_writes_all_three(tmp_path):
    run_tool("make_icons.py", tmp_path)
    assert png_size((tmp_path / "icon.png").read_bytes()) == (256, 256)
    assert (tmp_path / "icon.ico").read_bytes()[:4] == b"\x00\x00\x01\x00"
    elements = icns_elements((tmp_path / "icon.icns").read_bytes())
    assert png_size(elements[b"ic10"]) == (1024, 1024)


def test_make_sounds_reproduces_the_bundled_sounds(tmp_path):
    run_tool("make_sounds.py", tmp_path)
    made = sorted(p.name for p in tmp_path.iterdir())
    bundled = sorted(p.name for p in (REPO_ROOT / "assets" / "sounds").glob("*.wav"))
    assert made == bundled and made
    for name in made:
        assert (tmp_path / name).read_bytes() == (REPO_ROOT / "assets" / "sounds" / name).read_bytes(), name


# --- release workflow and CI -----------------------------------------------------------


def test_release_workflow_text():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "\t" not in text  # YAML forbids tabs for indentation
    for needle in (
        "windows-latest",
        "macos-latest",
        "ubuntu-latest",
        'python-version: "3.11"',
        "pip install '.[build]'",
        "pyinstaller --noconfirm build.spec",
        "--selftest",
        "SDL_VIDEODRIVER: dummy",
        "ditto -c -k --keepParent",
        "softprops/action-gh-release",
    ):
        assert needle in text, needle


def test_release_workflow_structure():
    import yaml  # in the test extras, so that this check runs wherever the suite does

    doc = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    on = doc.get("on", doc.get(True))  # YAML 1.1 reads a bare `on` as true
    assert on["push"]["tags"] == ["v*"]
    build = doc["jobs"]["build"]
    oses = {entry["os"] for entry in build["strategy"]["matrix"]["include"]}
    assert oses == {"windows-latest", "macos-latest", "ubuntu-latest"}
    steps = build["steps"]
    names = [s.get("name", "") for s in steps]
    runs = [s.get("run", "") for s in steps]

    def index(fragment: str) -> int:
        return next(i for i, r in enumerate(runs) if fragment in r)

    build_at, test_at, zip_at = index("pyinstaller"), index("--selftest"), index("ditto")
    assert build_at < test_at < zip_at
    selftest = steps[test_at]
    assert selftest["env"]["SDL_VIDEODRIVER"] == "dummy"
    assert selftest["env"]["SDL_AUDIODRIVER"] == "dummy"
    # signing is optional: every step that uses a signing secret is guarded
    for step, name in zip(steps, names):
        uses_secret = "secrets." in str(step.get("env", ""))
        if uses_secret:
            assert "env." in step.get("if", ""), name
    release = doc["jobs"]["release"]
    assert release["needs"] == "build"
    assert "refs/tags/v" in release["if"]


def test_ci_builds_and_selftests_the_app():
    text = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    tests_at = text.index("python3 -m pytest")
    build_at = text.index("pyinstaller --noconfirm", tests_at)
    assert "build.spec" in text[build_at : text.index("\n", build_at) + 80]
    selftest_at = text.index('" --selftest', build_at)  # the frozen app's own self-test
    assert text.rindex("SDL_VIDEODRIVER=dummy", 0, selftest_at) > build_at
    assert text.index('section "CI passed"') > selftest_at


def test_readme_has_download_and_build_sections():
    text = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert "\n## Download\n" in text
    assert "\n## Build it yourself\n" in text
    assert "pyinstaller build.spec" in text


# --- the real build --------------------------------------------------------------------


def frozen_executable(dist: Path) -> Path:
    if sys.platform == "darwin":
        return dist / f"{APP_NAME}.app" / "Contents" / "MacOS" / APP_NAME
    if sys.platform == "win32":
        return dist / APP_NAME / f"{APP_NAME}.exe"
    return dist / APP_NAME / APP_NAME


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get(BUILD_TEST_ENV) != "1",
    reason=f"builds the app with PyInstaller (about a minute): set {BUILD_TEST_ENV}=1",
)
def test_frozen_app_passes_its_selftest(tmp_path):
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("PyInstaller is not installed: pip install '.[build]'")
    dist, work = tmp_path / "dist", tmp_path / "build"
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(dist), "--workpath", str(work), str(SPEC)],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    exe = frozen_executable(dist)
    assert exe.is_file()

    # every asset is in the bundle, under assets/
    internal = next(p for p in dist.rglob("assets") if (p / "fonts").is_dir())
    for rel in asset_files():
        assert (internal.parent / rel).is_file(), rel

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RUMMY5000_DATA_DIR=str(tmp_path / "data"))  # fmt: skip
    version = subprocess.run([str(exe), "--version"], capture_output=True, text=True,
                             env=env, timeout=60)  # fmt: skip
    assert version.returncode == 0, version.stderr
    assert game.__version__ in version.stdout
    selftest = subprocess.run([str(exe), "--selftest"], capture_output=True, text=True,
                              env=env, timeout=300)  # fmt: skip
    assert selftest.returncode == 0, selftest.stdout + selftest.stderr
