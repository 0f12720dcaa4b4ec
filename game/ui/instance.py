"""One running game per data folder.

Every copy of the game saves to the same ``autosave.json``, so a second copy started while
the first is open (an icon double-clicked twice on a slow start) would write over the first
one's game. :class:`InstanceLock` holds an operating-system lock on ``running.lock`` in the
data folder for as long as the game runs; the system drops it when the process ends, however
it ends, so a crash leaves nothing stale behind. Standard library only.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

LOCK_NAME = "running.lock"


class InstanceLock:
    """``acquire()`` is False while another process holds the lock of ``folder``."""

    def __init__(self, folder: Path | str) -> None:
        self.path = Path(folder) / LOCK_NAME
        self._fh: BinaryIO | None = None

    def acquire(self) -> bool:
        fh: BinaryIO
        try:
            fh = open(self.path, "a+b")
        except OSError:
            if sys.platform == "win32":  # (Windows locks a byte range of a file open to write)
                return True  # a folder nothing can be written to holds no saves to protect
            try:  # (a read-only folder: its lock file, made before, still locks read, a tester
                # found two copies open on one read-only folder)
                fh = open(self.path, "rb")
            except OSError:  # none there: nothing to protect either
                return True
        try:
            _lock(fh)
        except OSError:
            fh.close()
            return False
        self._fh = fh
        return True

    def release(self) -> None:
        if self._fh is not None:
            self._fh.close()  # (closing the file drops the lock)
            self._fh = None


def _lock(fh: BinaryIO) -> None:
    """Lock the open file without waiting; OSError if another process holds it."""
    if sys.platform == "win32":  # (the type checker reads this test; os.name it does not)
        import msvcrt

        fh.seek(0)
        msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


__all__ = ["LOCK_NAME", "InstanceLock"]
