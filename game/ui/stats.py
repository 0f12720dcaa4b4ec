"""The player's record per preset, kept in ``stats.json`` in the per-user data folder.

For each preset: games played, games won, best final score (the highest, and apart from it
the lowest of the games where the lowest total wins) and rounds played, and how
many of the games played were left unfinished (a new game started over a saved one the
person had played in): those count as played and not won, as in most card games, so that
leaving a game about to be lost does not lift the win rate.  Games and wins are also
counted by the strongest computer level the person played against (``against``; a
partner does not count), over every preset.
:meth:`Stats.load` never raises: a damaged file is kept as ``stats.json.bad``,
described in :attr:`Stats.problem`, and fresh statistics are used; a file that is there
but cannot be read is left alone, and not written over.  Saving is atomic (a temporary
file renamed over the old one).

This module does not import pygame.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from game.resources import user_data_dir

from .files import atomic_write_json, read_json_file
from .settings import BOT_LEVELS

FILE_NAME = "stats.json"
VERSION = 1

T = TypeVar("T")


# no count or score of a real player's comes near this: a file holding more was edited by
# hand or damaged (the screen's numbers ran over each other: a tester)
MOST = 10**9


def _counted(out: T, data: Any, names: Sequence[str]) -> T:
    """``out`` with the counts ``names`` read from the entry ``data`` (0 where missing)."""
    if not isinstance(data, dict):
        raise ValueError("an entry is not an object")
    for name in names:
        v = data.get(name, 0)
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MOST:
            raise ValueError(f"{name} is not a count: {v!r}")
        setattr(out, name, v)
    return out


@dataclass
class PresetStats:
    games: int = 0
    wins: int = 0
    best_score: int | None = None   # the highest final score, of games where the highest wins
    total_rounds: int = 0
    abandoned: int = 0      # of the games, how many were left unfinished
    best_low: int | None = None     # the lowest final score, of games where the lowest wins

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games, "wins": self.wins, "best_score": self.best_score,
            "total_rounds": self.total_rounds, "abandoned": self.abandoned, "best_low": self.best_low,
        }

    @classmethod
    def from_dict(cls, data: Any) -> PresetStats:
        out = _counted(cls(), data, ("games", "wins", "total_rounds", "abandoned"))
        for name in ("best_score", "best_low"):  # (a file from before best_low: none kept)
            best = data.get(name)
            if best is not None and (isinstance(best, bool) or not isinstance(best, int) or abs(best) > MOST):
                raise ValueError(f"{name} is not a whole number: {best!r}")
            setattr(out, name, best)
        if out.wins > out.games:
            raise ValueError("more wins than games")
        if out.wins + out.abandoned > out.games:
            raise ValueError("more games won or left unfinished than played")
        return out


LEVEL_ORDER = tuple(level for level, _ in BOT_LEVELS)  # weakest first


def strongest_opponent(levels: Sequence[str | None], human: int,
                       sides: Sequence[Sequence[int]] | None = None) -> str | None:
    """The strongest computer level among the person's opponents, or None.

    ``levels``: each seat's computer level (None or "" for a person); ``human``: the
    person's seat; ``sides``: the scoring sides (the engine's ``sides()``: partners
    together, else one seat each; a partner is not an opponent)."""
    own: set[int] = {human}
    for side in sides or ():
        if human in side:
            own = set(side)
    found = [lv for i, lv in enumerate(levels) if i not in own and lv in LEVEL_ORDER]
    return max(found, key=LEVEL_ORDER.index) if found else None


@dataclass
class LevelStats:
    """Games and wins against one computer level (the strongest at the table)."""

    games: int = 0
    wins: int = 0

    def to_dict(self) -> dict[str, int]:
        return {"games": self.games, "wins": self.wins}

    @classmethod
    def from_dict(cls, data: Any) -> LevelStats:
        out = _counted(cls(), data, ("games", "wins"))
        if out.wins > out.games:
            raise ValueError("more wins than games")
        return out


@dataclass
class Stats:
    presets: dict[str, PresetStats] = field(default_factory=dict)
    against: dict[str, LevelStats] = field(default_factory=dict)  # by the strongest computer level
    problem: str | None = field(default=None, compare=False, repr=False)
    path: Path | None = field(default=None, compare=False, repr=False)
    # the file at ``path`` is there but could not be read: it is not written over
    kept: bool = field(default=False, compare=False, repr=False)

    @staticmethod
    def default_path() -> Path:
        return user_data_dir() / FILE_NAME

    @classmethod
    def load(cls, path: str | os.PathLike | None = None) -> Stats:
        """The saved statistics, or fresh ones; never raises."""
        target = Path(path) if path is not None else cls.default_path()
        stats = cls(path=target)

        def check(data: Any) -> tuple[dict[str, PresetStats], dict[str, LevelStats]]:
            if not isinstance(data, dict) or not isinstance(data.get("presets"), dict):
                raise ValueError("the file does not hold statistics per preset")
            against = data.get("against", {})  # (files from before it have none)
            if not isinstance(against, dict):
                raise ValueError("the games against each computer level are not a table")
            return ({str(k): PresetStats.from_dict(v) for k, v in data["presets"].items()},
                    {str(k): LevelStats.from_dict(v) for k, v in against.items()})

        found, stats.problem, stats.kept = read_json_file(
            target, "statistics", check, "fresh statistics are used")
        if found is not None:
            stats.presets, stats.against = found
        return stats

    def save(self, path: str | os.PathLike | None = None) -> None:
        """Write the statistics atomically.  Raises OSError if the folder cannot be
        written, and :class:`~game.ui.files.KeptFileError` instead of writing over a file that was there
        but could not be read."""
        target = Path(path) if path is not None else (self.path or self.default_path())
        atomic_write_json(target, self.to_dict(), kept=self.path if self.kept else None)
        self.path = target

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "presets": {k: v.to_dict() for k, v in sorted(self.presets.items())},
            "against": {k: v.to_dict() for k, v in sorted(self.against.items())},
        }

    def get(self, preset: str) -> PresetStats:
        """The record of one preset (a blank one if it was never played)."""
        return self.presets.get(preset) or PresetStats()

    def get_against(self, level: str) -> LevelStats:
        """The record against one computer level (a blank one if never played)."""
        return self.against.get(level) or LevelStats()

    def _count_against(self, level: str | None, won: bool) -> None:
        if level:
            entry = self.against.setdefault(level, LevelStats())
            entry.games += 1
            entry.wins += 1 if won else 0

    def record_game(
        self, preset: str, won: bool, score: int, rounds: int, *, lower_is_better: bool = False,
        against: str | None = None,
    ) -> None:
        """Count one finished game.  ``lower_is_better`` for penalty scoring; ``against``:
        the strongest computer level the person played against (see :func:`strongest_opponent`)."""
        self._count_against(against, won)
        entry = self.presets.setdefault(preset, PresetStats())
        entry.games += 1
        entry.wins += 1 if won else 0
        entry.total_rounds += max(0, int(rounds))
        score = int(score)
        if lower_is_better:  # (kept apart: a penalty game's 50 is no best beside another game's 2,000)
            entry.best_low = score if entry.best_low is None else min(entry.best_low, score)
        else:
            entry.best_score = score if entry.best_score is None else max(entry.best_score, score)

    def record_abandoned(self, preset: str, rounds: int, *, against: str | None = None) -> None:
        """Count a game left unfinished: played, not won, ``rounds`` rounds finished."""
        self._count_against(against, False)
        entry = self.presets.setdefault(preset, PresetStats())
        entry.games += 1
        entry.abandoned += 1
        entry.total_rounds += max(0, int(rounds))

    def reset(self) -> None:
        self.presets.clear()
        self.against.clear()

    @property
    def total_games(self) -> int:
        return sum(p.games for p in self.presets.values())
