"""Writing and reading the player's files safely, shared by the settings, the
statistics and the saved game.

* :func:`write_atomic` (and :func:`atomic_write_json`) writes a temporary file and
  renames it over the old one, so a crash never leaves half a file;
* :func:`replace_file` is ``os.replace`` that tries again while the file is locked for
  a moment;
* :func:`read_json_file` never raises: a damaged file is set aside as ``<name>.bad``
  (:func:`set_aside`) and described, and its backup copy (``<name>.bak``, the file
  :func:`atomic_write_json` last replaced) used if it is good; one that exists but
  cannot be read is said to be so, so that it is not written over;
* :func:`why_failed` words a failed write for the player, and :func:`cannot_write` says
  why a folder takes no files;
* :func:`clean_text` makes a name or a line read from a file fit to show.

This module does not import pygame.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

NAME_LEN = 16  # letters in a player's name, at most (the new-game screen's limit)

# in text read from a file: line breaks and tabs, which become spaces, and the other
# control characters and lone surrogates, which are dropped (a font cannot draw them)
_SPACES = re.compile(r"[\t\n\v\f\r\x1c-\x1f\x85\u2028\u2029]")
_UNDRAWABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def clean_text(text: Any, limit: int) -> str:
    """``text`` read from a file, fit to show: no control characters or lone surrogates,
    no spaces around it, at most ``limit`` letters; "" when it is not text at all."""
    if not isinstance(text, str):
        return ""
    text = text[:limit * 4]  # (a huge string is cut before it is looked at)
    return _UNDRAWABLE.sub("", _SPACES.sub(" ", text)).strip()[:limit]


SET_ASIDE_KEPT = 9  # set-aside copies of one file: the oldest are then written over


def set_aside(target: Path | str, suffix: str) -> Path | None:
    """Rename ``target`` to ``<name><suffix>``, out of the way of the next write; when
    an earlier copy has that name, to ``<name><suffix>.2`` and so on (up to
    ``SET_ASIDE_KEPT`` copies), so a second damaged file does not write over the first.
    Returns the new path; a failure is logged, and gives None."""
    target = Path(target)
    names = [target.name + suffix] + [f"{target.name}{suffix}.{n}" for n in range(2, SET_ASIDE_KEPT + 1)]
    to = next((target.with_name(n) for n in names if not target.with_name(n).exists()),
              target.with_name(names[-1]))
    try:
        replace_file(target, to)
    except OSError as exc:
        log.warning("could not set aside %s: %s", target, exc)
        return None
    return to


def why_failed(exc: BaseException) -> str:
    """A failed write in a few words ("No space left on device (autosave.json)"); a file
    where the data folder (or a folder above it) should be is named as such."""
    if isinstance(exc, (NotADirectoryError, FileExistsError)) and exc.filename:
        path = Path(exc.filename)
        culprit = next((p for p in (path, *path.parents) if p.is_file()), None)
        if culprit is not None:
            return f"{culprit} is a file where a folder should be"
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror} ({Path(exc.filename).name})" if exc.filename else exc.strerror
    return str(exc) or type(exc).__name__


def cannot_write(folder: Path | str) -> str | None:
    """Why nothing can be written in ``folder`` (made if missing), in a few words; None
    when a file can be made there. (A read-only data folder was said only at the table,
    once a game had started: a tester.)"""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder, prefix=".write-test-"):
            pass
    except OSError as exc:
        return why_failed(exc)
    return None


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


def write_atomic(target: Path | str, text: str) -> None:
    """Write ``text`` to ``target`` through a temporary file beside it and a rename, so
    the file is never half written and never missing; on failure nothing is left over."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    except OSError as exc:  # (a folder it may not write): the player's file, not a random name
        if exc.filename is not None:
            exc.filename, exc.filename2 = str(target), None
        raise
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            try:
                os.fsync(fh.fileno())
            except OSError:  # (a file system that cannot sync still has the file written)
                pass
        replace_file(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError) and exc.filename is not None:  # the player's file, not the temporary one
            exc.filename, exc.filename2 = str(target), None
        raise


def backup_of(target: Path | str) -> Path:
    """Where the copy of ``target`` from before its last write is kept: ``<name>.bak``."""
    target = Path(target)
    return target.with_name(target.name + ".bak")


def atomic_write_json(target: Path, data: Any, kept: Path | None = None) -> None:
    """Write ``data`` as JSON to ``target`` (see :func:`write_atomic`), the file it
    replaces kept as ``<name>.bak`` (:func:`backup_of`) when it was good JSON (a first
    write, with no backup copy yet, is its own).  ``kept``
    names a file that was there but could not be read (see :func:`read_json_file`):
    writing to it raises :class:`KeptFileError` instead, since it may hold the player's
    data."""
    if kept is not None and Path(target) == Path(kept):
        raise KeptFileError(Path(target))
    text = json.dumps(data, indent=2, sort_keys=True) + "\n"
    try:
        old = Path(target).read_bytes().decode("utf-8-sig")
        json.loads(old)
    except (OSError, ValueError, RecursionError):
        old = None  # (none yet, or not worth keeping)
    if old is not None and old != text:
        try:
            write_atomic(backup_of(target), old)
        except OSError as exc:  # (the file itself matters more: it is still written)
            log.warning("could not keep a backup copy of %s: %s", target, exc)
    write_atomic(target, text)
    if old is None and not backup_of(target).exists():
        # (the first write: its copy is the backup, so that damage to it loses nothing)
        try:
            write_atomic(backup_of(target), text)
        except OSError as exc:
            log.warning("could not keep a backup copy of %s: %s", target, exc)


def read_json_file(target: Path, what: str, check, fallback: str) -> tuple[Any, str | None, bool]:
    """Read a JSON file of the player's: ``(check(data), None, False)``, ``(None, None,
    False)`` when there is no file, ``(None, problem, False)`` when it is damaged (it is
    set aside as ``<name>.bad``), or ``(None, problem, True)`` when it is there but cannot
    be read (no permission, a folder of that name): then it must not be written over,
    since it may hold the player's data (``False`` where a file stands in place of a folder
    on its path: there is nothing to keep).  ``check`` raises ValueError on bad content.
    A UTF-8 byte-order mark at the start (some editors write one) is allowed.  Never
    raises."""
    try:
        raw = target.read_bytes()
    except FileNotFoundError:
        return None, None, False
    except OSError as exc:
        problem = f"Your {what} could not be read ({why_failed(exc)}); {fallback}."
        log.warning("%s", problem)
        # a file where a folder should be holds no file of the player's to keep: a write
        # then fails on that, and says so (it said "stats.json could not be read": a tester)
        return None, problem, not isinstance(exc, NotADirectoryError)
    try:  # bytes that are not UTF-8, and JSON nested too deep to read, are damage too
        return check(json.loads(raw.decode("utf-8-sig"))), None, False
    except (ValueError, RecursionError) as exc:
        log.warning("damaged %s file %s: %s", what, target, exc)
        kept = set_aside(target, ".bad")
        where = f"has been set aside as {kept.name}" if kept is not None else "could not be set aside"
        try:  # the copy from before its last write, if that one is good
            text = backup_of(target).read_bytes().decode("utf-8-sig")
            found = check(json.loads(text))
        except (OSError, ValueError, RecursionError):
            return None, f"Your {what} file was damaged and {where}; {fallback}.", False
        try:  # (put back in its place: the next look, and the next write, go on from it)
            write_atomic(target, text)
        except OSError as err:
            log.warning("could not put the backup copy of %s back: %s", target, err)
        return found, (f"Your {what} file was damaged and {where}; its backup copy is used "
                       "(it may lack the last change)."), False


class KeptFileError(OSError):
    """A file that could not be read is not written over (it may hold the player's data)."""

    def __init__(self, target: Path):
        super().__init__(f"{target.name} could not be read, so it is left as it is")
        self.path = target
