"""The common interface of every computer opponent, and its safety net.

A bot is asked two questions, and each time it is handed a
:class:`~game.engine.view.PlayerView` -- what its seat may know -- and nothing else:

``choose(view)``
    the seat is to act (``view.current == view.seat``): return the action to take
    (a draw, a meld, a lay-off, a cover, a discard, or ``end`` on an empty stock).

``call(view)``
    another seat discarded and a "Rummy!" window is open: return a
    :class:`~game.engine.CallRummy` for this seat, or ``None`` to let it pass.

Whatever a strategy proposes is checked against the rules before it is returned:
the view is turned into a stand-in game state (:meth:`PlayerView.determinize`
with a fixed generator; legality never depends on hidden cards) and the action is
tried on a copy.  A refused proposal is replaced by the best legal action the
strategy's fallback ranks, so a bot never makes an illegal move.

Decisions draw their randomness from the bot's own ``random.Random(seed)``: the same
seed and the same sequence of views give the same decisions.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from game.engine import (
    Action,
    CallRummy,
    Discard,
    DrawStock,
    EndRound,
    IllegalActionError,
    TakePile,
    Undo,
)
from game.engine.view import PlayerView

DRAW, PLAY, CALL = "draw", "play", "call"

# seat kinds the simulator knows; the first three are the difficulty levels
LEVELS = ("easy", "normal", "hard")


class BotError(ValueError):
    """A bot was asked something it cannot answer (wrong input, not its turn)."""


def require_view(view: object) -> PlayerView:
    """Refuse anything but a :class:`PlayerView`: a bot never sees the full game state."""
    if not isinstance(view, PlayerView):
        raise TypeError(
            f"a bot decides from a PlayerView (what its seat may know), not from {type(view).__name__}"
        )
    return view


class Checker:
    """Tries actions on a stand-in state built from one view, to keep a bot legal."""

    __slots__ = ("view", "_g")

    def __init__(self, view: PlayerView):
        self.view = view
        self._g = None

    @property
    def state(self):
        if self._g is None:
            # a fixed generator: the hidden cards are irrelevant to legality
            self._g = self.view.determinize(random.Random(0))
        return self._g

    def ok(self, action: Action) -> bool:
        try:
            self.state.copy().apply(action)
        except IllegalActionError:
            return False
        return True

    def legal(self) -> list[Action]:
        return self.state.legal_actions(self.view.seat)

    def calls(self) -> list[Action]:
        return self.state.call_actions(self.view.seat)


class Bot:
    """Base class: subclasses implement :meth:`propose` and :meth:`propose_call`."""

    level = "base"
    # names of the settings make_bot may pass (attributes of the bot, or entries of ``tuning``)
    TUNABLE: tuple[str, ...] = ()

    def __init__(self, seed: int = 0, **tuning):
        unknown = sorted(set(tuning) - set(self.TUNABLE))
        if unknown:
            raise BotError(
                f"the {self.level} bot has no setting {', '.join(unknown)}"
                + (f" (settings: {', '.join(self.TUNABLE)})" if self.TUNABLE else "")
            )
        self.seed = seed
        self.rng = random.Random(seed)
        self.tuning = dict(tuning)
        for k, v in tuning.items():
            if hasattr(type(self), k):
                setattr(self, k, v)
        self.refused = 0  # proposals missing or refused by the rules (should stay 0)
        self.last_seconds = 0.0

    def __repr__(self) -> str:
        return f"{type(self).__name__}(level={self.level!r}, seed={self.seed!r})"

    # ------------------------------------------------------------------ public API
    def choose(self, view: PlayerView) -> Action:
        """The action for the seat to act."""
        view = require_view(view)
        if view.current != view.seat:
            raise BotError(f"seat {view.seat} is asked to act but seat {view.current} is to act")
        if view.phase not in (DRAW, PLAY, CALL):
            raise BotError(f"there is nothing to do in the {view.phase!r} phase")
        t0 = time.perf_counter()
        checker = Checker(view)
        action = None
        try:
            action = self.propose(view, checker)
        except IllegalActionError:
            action = None
        if action is None or isinstance(action, CallRummy) or not checker.ok(action):
            self.refused += 1
            action = self.fallback(view, checker)
        self.last_seconds = time.perf_counter() - t0
        return action

    def call(self, view: PlayerView) -> CallRummy | None:
        """A "Rummy!" call for this seat on the discard just made, or ``None``."""
        view = require_view(view)
        if not view.call_open or view.seat == view.discarder or view.phase != DRAW:
            return None
        if view.seat == view.current:
            return None  # the seat to draw plays its turn instead
        checker = Checker(view)
        options = [a for a in checker.calls() if isinstance(a, CallRummy)]
        if not options:
            return None
        choice = self.propose_call(view, checker, options)
        if choice is None:
            return None
        if choice not in options and not checker.ok(choice):
            self.refused += 1
            return None
        return choice

    # ------------------------------------------------------------------ to override
    def propose(self, view: PlayerView, checker: Checker) -> Action | None:
        raise NotImplementedError

    def propose_call(self, view: PlayerView, checker: Checker,
                     options: Sequence[CallRummy]) -> CallRummy | None:
        return options[0]

    def fallback(self, view: PlayerView, checker: Checker) -> Action:
        """A legal action when the strategy's own choice was refused."""
        return sensible_legal(view, checker.legal(), self.rng)


def sensible_legal(view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
    """A plain legal move: draw from the stock, else end the round, else discard the dearest card."""
    if not legal:
        raise BotError(f"seat {view.seat} has no legal action in the {view.phase!r} phase")
    for kind in (DrawStock, EndRound):
        for a in legal:
            if isinstance(a, kind):
                return a
    value = view.ctx.value
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return max(discards, key=lambda a: (value[a.card], -int(a.card)))
    plays = [a for a in legal if not isinstance(a, (Undo, TakePile))]
    if plays:
        return plays[0]
    return legal[0]
