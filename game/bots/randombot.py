"""The ``random`` seat: a uniformly random legal player, for testing and as a yardstick.

It lists every legal action (through its view) and picks one at random, "Rummy!"
calls included (passing is one more choice).  It is not a difficulty level.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import CallRummy
from game.engine.view import PlayerView

from .base import Bot, Checker


class RandomBot(Bot):
    level = "random"

    def propose(self, view: PlayerView, checker: Checker):
        legal = checker.legal()
        return self.rng.choice(legal) if legal else None

    def propose_call(self, view: PlayerView, checker: Checker,
                     options: Sequence[CallRummy]) -> CallRummy | None:
        choice = self.rng.randrange(len(options) + 1)
        return options[choice] if choice < len(options) else None


__all__ = ["RandomBot"]
