"""Sound effects.

``Audio(settings).play("meld")`` plays one of the bundled WAVs at the volume of
the settings, or nothing when sound is off.  If the mixer cannot start (no sound
device) or a file is missing or unreadable, that sound (or every sound) is
silent: playing never raises.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from game.resources import sound_path

if TYPE_CHECKING:
    import pygame

    from .settings import Settings

log = logging.getLogger(__name__)

SOUND_NAMES = (
    "card_draw", "card_place", "card_shuffle", "card_deal", "discard", "meld", "rummy_call",
    "round_end", "error",
)


class Audio:
    """Plays the game's sounds; silent when there is no sound device."""

    def __init__(self, settings: Settings, names: tuple[str, ...] = SOUND_NAMES):
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.problem: str | None = None
        self._pygame: Any = None
        self._init_mixer()
        if self.available:
            for name in names:
                self._load(name)

    # ------------------------------------------------------------------ setup
    def _init_mixer(self) -> None:
        try:
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            self._pygame = pygame
            self.available = bool(pygame.mixer.get_init())
        except Exception as exc:  # no device, no SDL audio, no mixer module
            self.available = False
            self.problem = f"sound is off: the mixer could not start ({exc})"
            log.info("%s", self.problem)

    def _load(self, name: str) -> None:
        try:
            path = sound_path(name)
            self.sounds[name] = self._pygame.mixer.Sound(str(path))
        except Exception as exc:  # missing or damaged file
            log.info("sound %r is silent: %s", name, exc)

    # ------------------------------------------------------------------ playing
    @property
    def enabled(self) -> bool:
        return self.available and bool(self.settings.sound)

    def play(self, name: str) -> None:
        """Play a sound by name; does nothing when it cannot or should not."""
        if not self.enabled:
            return
        sound = self.sounds.get(name)
        if sound is None:
            return
        try:
            volume = float(self.settings.volume)
            sound.set_volume(min(1.0, max(0.0, volume)))
            if volume > 0:
                sound.play()
        except Exception as exc:
            log.info("could not play %r: %s", name, exc)

    def stop(self) -> None:
        if not self.available:
            return
        try:
            self._pygame.mixer.stop()
        except Exception:
            pass
