"""Writing and reading the player's files safely, shared by the settings, the
statistics and the saved game.

* :func:`atomic_write_json` writes a temporary file and renames it over the old one,
  so a crash never leaves half a file;
* :func:`replace_file` is ``os.replace`` that tries again while the file is locked for
  a moment;
* :func:`read_json_file` never raises: a damaged file is set aside as ``<name>.bad``
  and described;
* :func:`why_failed` words a failed write for the player.

This module does not import pygame.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


def _set_aside(target: Path) -> None:
    try:
        replace_file(target, target.with_name(target.name + ".bad"))
    except OSError as exc:
        log.warning("could not set aside %s: %s", target, exc)


def why_failed(exc: BaseException) -> str:
    """A failed write in a few words ("No space left on device (autosave.json)")."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror} ({Path(exc.filename).name})" if exc.filename else exc.strerror
    return str(exc) or type(exc).__name__


REPLACE_TRIES = 5  # waits of 20, 40, 80 and 160 ms between them: 0.3 s at most


def replace_file(src: Path | str, dst: Path | str) -> None:
    """``os.replace``, tried again a few times while the file is locked for a moment
    (on Windows a virus scanner or the search indexer may hold it open just then)."""
    for i in range(REPLACE_TRIES):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if i == REPLACE_TRIES - 1:
                raise
            time.sleep(0.02 * 2 ** i)


def atomic_write_json(target: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``target`` through a temporary file and ``os.replace``."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2, sort_keys=True)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        replace_file(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_json_file(target: Path, what: str, check, fallback: str) -> tuple[Any, str | None]:
    """Read a JSON file of the player's: ``(check(data), None)``, ``(None, None)`` when
    there is no file, or ``(None, problem)`` when it cannot be read or is damaged (a
    damaged file is set aside as ``<name>.bad``).  ``check`` raises ValueError on bad
    content.  Never raises."""
    try:
        text = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        problem = f"Your {what} could not be read ({exc}); {fallback}."
        log.warning("%s", problem)
        return None, problem
    try:
        return check(json.loads(text)), None
    except ValueError as exc:
        log.warning("damaged %s file %s: %s", what, target, exc)
        _set_aside(target)
        return None, (f"Your {what} file was damaged and has been set aside as {target.name}.bad; "
                      f"{fallback}.")
