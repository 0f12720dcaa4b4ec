"""Where the game's files live: bundled assets and the per-user data folder.

Assets (fonts, sounds, icons) ship in the top-level ``assets/`` folder of the source
tree. They are found, in this order:

1. a frozen PyInstaller build: ``<sys._MEIPASS>/assets``;
2. an installed wheel: the ``game._assets`` package, which the build maps onto
   ``assets/`` (see ``pyproject.toml``);
3. a source checkout or editable install: ``<repo root>/assets``.

User data (settings, saved games, statistics) goes to the platform's per-user data
folder, never beside the executable. Set ``RUMMY5000_DATA_DIR`` to use another folder
(tests do).

This module must stay importable without pygame.
"""

from __future__ import annotations

import logging
import os
import sys
from functools import lru_cache
from pathlib import Path

APP_NAME = "Rummy5000"
DATA_DIR_ENV = "RUMMY5000_DATA_DIR"
ASSETS_PACKAGE = "game._assets"

log = logging.getLogger(__name__)
_unmade: set[Path] = set()  # data folders already reported as impossible to make

_PACKAGE_DIR = Path(__file__).resolve().parent
_MARKER = Path("fonts") / "DejaVuSans.ttf"


def _candidate_roots() -> list[Path]:
    roots: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.append(Path(bundle) / "assets")
    roots.append(_PACKAGE_DIR / "_assets")
    repo_root = _PACKAGE_DIR.parent
    if (repo_root / "pyproject.toml").is_file():
        roots.append(repo_root / "assets")
    return roots


@lru_cache(maxsize=1)
def assets_dir() -> Path:
    """The folder holding ``fonts/``, ``sounds/`` and ``icons/``."""
    for root in _candidate_roots():
        if (root / _MARKER).is_file():
            return root
    try:  # last resort: whatever the import system knows about the assets package
        from importlib.resources import files

        root = Path(str(files(ASSETS_PACKAGE)))
        if (root / _MARKER).is_file():
            return root
    except (ImportError, TypeError, ValueError):
        pass
    searched = ", ".join(str(r) for r in _candidate_roots())
    raise FileNotFoundError(f"Rummy 5000 assets not found (looked in: {searched})")


def asset_path(*parts: str) -> Path:
    """Path of a bundled asset, e.g. ``asset_path("sounds", "meld.wav")``.

    The path is returned whether or not the file exists; check it if that matters.
    """
    return assets_dir().joinpath(*parts)


def font_path(bold: bool = False) -> Path:
    """The bundled DejaVu Sans font (it has the card suit symbols)."""
    return asset_path("fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")


def sound_path(name: str) -> Path:
    """A bundled sound effect by name, e.g. ``sound_path("card_draw")``."""
    return asset_path("sounds", f"{name}.wav")


def user_data_dir() -> Path:
    """The per-user folder for settings, saves and statistics, created on demand.

    When it cannot be made (a file in the way, no permission, a full disk) its path is
    still returned: reading from it then finds nothing, and writing to it fails with an
    ``OSError`` that every writer reports, so the game plays on without keeping anything
    rather than failing to start."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        path = Path(override).expanduser()
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False, roaming=True))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if path not in _unmade:
            _unmade.add(path)
            log.warning("the data folder %s cannot be made: %s", path, exc)
    return path
