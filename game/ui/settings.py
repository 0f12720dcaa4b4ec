"""The player's settings, kept in ``settings.json`` in the per-user data folder.

:class:`Settings` is a plain dataclass.  :meth:`Settings.load` never raises: a
missing file gives the defaults, and a damaged one is moved aside as
``settings.json.bad``, described in :attr:`Settings.problem` (the title screen
shows it) and replaced by the defaults; one that is there but cannot be read is left
alone, and not written over.  Each value is checked on its own, so one bad entry does
not throw away the others.  :meth:`Settings.save` writes a
temporary file and renames it over the old one, so a crash never leaves half a
file.

This module does not import pygame.
"""

from __future__ import annotations

import logging
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.engine import Rules, RulesError
from game.resources import user_data_dir

from .files import NAME_LEN, atomic_write_json, clean_text, read_json_file

log = logging.getLogger(__name__)

FILE_NAME = "settings.json"

# (value, label) pairs offered by the settings screen
ANIMATION_SPEEDS: tuple[tuple[float, str], ...] = (  # (slowest to quickest: none at all last)
    (0.5, "Slow"),
    (1.0, "Normal"),
    (1.5, "Fast"),
    (2.5, "Very fast"),
    (0.0, "Instant"),
)
CARD_SCALES: tuple[tuple[float, str], ...] = (
    (0.8, "Extra small"),
    (0.9, "Small"),
    (1.0, "Normal"),
    (1.15, "Large"),
    (1.3, "Extra large"),
)
CARD_BACKS: tuple[tuple[str, str], ...] = (
    ("blue", "Blue"),
    ("red", "Red"),
    ("green", "Green"),
    ("black", "Black"),
)
BOT_LEVELS: tuple[tuple[str, str], ...] = (
    ("easy", "Easy"),
    ("normal", "Normal"),
    ("hard", "Hard"),
)
# how each level plays, in a line (the new-game screen shows them under the seats)
LEVEL_NOTES: dict[str, str] = {
    "easy": "plays loosely, so a beginner can win.",
    "normal": "a solid player that watches the discard pile.",
    "hard": "tries its moves in imagined deals; thinks up to a second.",
}
RUMMY_WINDOW_RANGE = (1.0, 10.0)   # seconds
CARD_SCALE_RANGE = (0.5, 2.0)
WINDOW_SIDE_RANGE = (200, 16384)  # pixels; the window itself is never smaller than 1024x640
ANIMATION_SPEED_RANGE = (0.0, 5.0)
HAND_SORTS = ("suit", "rank")


# each setting as the settings screen names it, for messages about the file
SETTING_WORDS = {
    "animation_speed": "Animation speed", "sound": "Sound effects", "volume": "Volume",
    "card_scale": "Card size", "four_colour": "Four-colour suits", "card_back": "Card back",
    "rummy_window": "Time to call Rummy!", "rummy_help": "Point out Rummy! chances",
    "default_level": "Computer players in new games", "window_size": "the window's size",
    "fullscreen": "full screen", "last_game": "the last game's setup",
    "hand_sort": "the way the hand is sorted",
}


NAMED_AT_MOST = 3  # settings named in the message about values the game does not know


def kept_levels(last: Any, default_level: str) -> list[str | None]:
    """The levels of the last game's computer seats (seat 1 on; None for one not read) that
    the next new game keeps: none where the Computer players setting (``default_level``)
    changed since, since then every seat starts with it."""
    if not isinstance(last, dict) or last.get("default_level", default_level) != default_level:
        return []
    levels = last.get("levels")
    if not isinstance(levels, list):
        return []
    known = {v for v, _ in BOT_LEVELS}
    return [lv if isinstance(lv, str) and lv in known else None for lv in levels[1:]]


@dataclass
class Settings:
    """Everything the player can set on the settings screen."""

    animation_speed: float = 1.0   # 0 = no animation, 1 = normal, 2 = twice as fast
    sound: bool = True
    volume: float = 0.7            # 0 .. 1
    card_scale: float = 1.0
    four_colour: bool = False      # clubs green and diamonds blue
    card_back: str = "blue"        # one of CARD_BACKS
    rummy_window: float = 4.0      # seconds the person has to call "Rummy!"
    rummy_help: bool = True        # the call window opens (Rummy! glows) only for a call the person can make
    default_level: str = "normal"  # one of BOT_LEVELS, for new computer seats
    # the last new-game setup, so the next game starts from it (see menus.NewGameScene)
    last_game: dict = field(default_factory=dict)
    # the window as the player last left it: [width, height] when windowed ([] = not yet
    # known) and whether it was full screen; kept by the application, not the settings screen
    window_size: list = field(default_factory=list)
    fullscreen: bool = False
    # how the person last sorted the hand at the table (the S key): "suit" or "rank"
    hand_sort: str = "suit"
    # not saved: why the file could not be read, for the title screen to show once
    problem: str | None = field(default=None, compare=False, repr=False)
    path: Path | None = field(default=None, compare=False, repr=False)
    # the file at ``path`` is there but could not be read: it is not written over
    kept: bool = field(default=False, compare=False, repr=False)

    SAVED = (
        "animation_speed", "sound", "volume", "card_scale", "four_colour", "card_back",
        "rummy_window", "rummy_help", "default_level", "last_game", "window_size", "fullscreen",
        "hand_sort",
    )
    # kept by the game itself, so "Restore defaults" on the settings screen leaves them
    REMEMBERED = ("last_game", "window_size", "fullscreen", "hand_sort")

    # ------------------------------------------------------------------ files
    @staticmethod
    def default_path() -> Path:
        return user_data_dir() / FILE_NAME

    @classmethod
    def load(cls, path: str | os.PathLike | None = None) -> Settings:
        """The saved settings, or the defaults; never raises."""
        target = Path(path) if path is not None else cls.default_path()
        settings = cls(path=target)

        def check(data: Any) -> Any:
            if not isinstance(data, dict):
                raise ValueError("the file does not hold an object of settings")
            return data

        data, settings.problem, settings.kept = read_json_file(
            target, "settings", check, "the defaults are used")
        if data is None:
            return settings
        bad = settings.update_from(data)
        if bad:
            named = [SETTING_WORDS.get(name, name) for name in bad]
            log.warning("settings the game does not know, their defaults used: %s", ", ".join(named))
            listed = ", ".join(named[:NAMED_AT_MOST])  # (the title screen has three lines for it)
            if len(named) > NAMED_AT_MOST:
                listed += f" and {len(named) - NAMED_AT_MOST} more"
            settings.problem = (
                f"Some settings had values the game does not know ({listed}); their defaults are used "
                "(Settings shows them; Done keeps them)."
            )
        return settings

    def save(self, path: str | os.PathLike | None = None) -> None:
        """Write the settings atomically.  Raises OSError if the folder cannot be written,
        and :class:`~game.ui.files.KeptFileError` (an OSError) instead of writing over a file that was
        there but could not be read."""
        target = Path(path) if path is not None else (self.path or self.default_path())
        atomic_write_json(target, self.to_dict(), kept=self.path if self.kept else None)
        self.path = target

    def save_or_log(self, what: str = "settings") -> bool:
        """:meth:`save`, logging instead of raising when the file cannot be written (the
        values stay in effect for this run); True if saved. ``what`` names it in the log."""
        try:
            self.save()
        except OSError as exc:
            log.warning("could not save %s: %s", what, exc)
            return False
        return True

    # ------------------------------------------------------------------ values
    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        return {k: data[k] for k in self.SAVED}

    def update_from(self, data: dict) -> list[str]:
        """Take every valid known entry of ``data``; returns the names of the rejected ones."""
        bad = []
        for name in self.SAVED:
            if name not in data:
                continue
            value = _clean(name, data[name])
            if value is None:
                bad.append(name)
            else:
                setattr(self, name, value)
        return bad


def _number(value: Any, lo: float, hi: float) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if value != value:  # NaN
        return None
    return float(min(hi, max(lo, value)))


def _choice(value: Any, choices) -> str | None:
    """``value`` if it is one of the named ``choices``, else None (a list or an object
    in the file is no choice, and cannot be looked up in a set either)."""
    return value if isinstance(value, str) and value in choices else None


MAX_SEATS = 8  # the most seats a game has


def _last_game(value: Any) -> dict | None:
    """The last new-game setup with only what the new-game screen reads, each part in its
    own shape (a part that is not is left out), or None when it is not an object at all."""
    if not isinstance(value, dict):
        return None
    out: dict[str, Any] = {}
    rules = value.get("rules")
    if isinstance(rules, dict):
        try:  # only options the rules know, written as the rules write them
            out["rules"] = Rules.from_dict(rules).to_dict()
        except (RulesError, TypeError, ValueError, AttributeError, RecursionError):
            pass
    if isinstance(value.get("preset"), str):
        out["preset"] = value["preset"][:40]
    players = value.get("players")
    if isinstance(players, int) and not isinstance(players, bool) and 0 < players <= MAX_SEATS:
        out["players"] = players
    for key in ("names", "levels"):
        if isinstance(value.get(key), list):
            out[key] = [clean_text(v, NAME_LEN) for v in value[key][:MAX_SEATS]]
    if isinstance(value.get("default_level"), str):
        out["default_level"] = value["default_level"][:20]
    return out


def _clean(name: str, value: Any) -> Any:
    """A valid value for the named setting, or None."""
    if name in ("sound", "four_colour", "fullscreen", "rummy_help"):
        return value if isinstance(value, bool) else None
    if name == "volume":
        return _number(value, 0.0, 1.0)
    if name == "animation_speed":
        return _number(value, *ANIMATION_SPEED_RANGE)
    if name == "card_scale":
        return _number(value, *CARD_SCALE_RANGE)
    if name == "rummy_window":
        return _number(value, *RUMMY_WINDOW_RANGE)
    if name == "card_back":
        return _choice(value, [v for v, _ in CARD_BACKS])
    if name == "default_level":
        return _choice(value, [v for v, _ in BOT_LEVELS])
    if name == "hand_sort":
        return _choice(value, HAND_SORTS)
    if name == "last_game":
        return _last_game(value)
    if name == "window_size":
        if value == []:
            return []
        if (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                and all(WINDOW_SIDE_RANGE[0] <= v <= WINDOW_SIDE_RANGE[1] for v in value)):
            return list(value)
        return None
    return None
