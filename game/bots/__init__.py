"""Computer opponents for Rummy 5000.

What belongs here: strategies that pick a move (draw, meld, lay off, discard) for a
computer-controlled seat, plus their tuning and difficulty levels.

Rules of the road:

* A bot sees the game only through ``game.engine``: it receives the information a
  player in that seat is allowed to know (a :class:`~game.engine.view.PlayerView`)
  and returns a legal move.  Handing it a full game state is refused.
* Never import ``pygame`` or anything from ``game.ui`` here. Bots must run headless,
  in simulations and in tests, without a display or an audio device.
* Never re-implement a rule: ask the engine what is legal and what scores.

Use::

    from game.bots import make_bot
    bot = make_bot("normal", seed=7)
    action = bot.choose(view_of(game, seat))    # when seat is to act
    call = bot.call(view_of(game, other_seat))  # after a discard: a CallRummy or None

Levels: ``easy``, ``normal``, ``hard`` (see ``docs/bots.md``); ``random`` is a
uniformly random legal player for tests.
"""

from __future__ import annotations

from typing import Any

from .base import LEVELS, Bot, BotError, require_view

KINDS = (*LEVELS, "random")


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of ``level`` (easy, normal, hard or random) whose choices follow from ``seed``.

    ``options`` are the level's settings (``Bot.TUNABLE``), e.g. the hard bot's search
    budget ``iterations`` and ``time_limit``; an unknown setting is a :class:`BotError`.
    """
    level = str(level).lower()
    cls: type[Bot]
    if level == "easy":
        from .easy import EasyBot as cls
    elif level == "normal":
        from .normal import NormalBot as cls
    elif level == "hard":
        from .hard import HardBot as cls
    elif level == "random":
        from .randombot import RandomBot as cls
    else:
        raise BotError(f"unknown bot level {level!r}; choose one of {', '.join(KINDS)}")
    return cls(seed, **options)


__all__ = ["KINDS", "LEVELS", "Bot", "BotError", "make_bot", "require_view"]
