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

import inspect
import random
import time
from collections.abc import Sequence
from typing import Any, Protocol

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


class Playable(Protocol):
    """What a checker asks of a whole state: an imagined one, dealt from a view (a bot
    never holds the real game)."""

    def copy(self) -> Playable: ...

    def apply(self, action: Action) -> list: ...

    def legal_actions(self, seat: int | None = None) -> list[Action]: ...

    def call_actions(self, seat: int) -> list[Action]: ...


class Checker:
    """Tries actions on a stand-in state built from one view, to keep a bot legal."""

    __slots__ = ("view", "_g")

    def __init__(self, view: PlayerView):
        self.view = view
        self._g: Playable | None = None

    @classmethod
    def over(cls, state: Playable, view: PlayerView) -> Checker:
        """A checker over a whole state (an imagined one, in a search's play-ahead) and
        the view of it it is asked about."""
        c = cls(view)
        c._g = state
        return c

    @property
    def state(self) -> Playable:
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


_KINDS = {"int": ((int,), "a whole number"), "float": ((int, float), "a number"),
          "bool": ((bool,), "true or false"), "str": ((str,), "a word")}


def check_settings(level: str, func: Any, values: dict[str, Any],
                   least: dict[str, int] | None = None) -> None:
    """Raise :class:`BotError` for a value of the wrong kind for ``func``'s keyword
    arguments, read from their annotations (``int``, ``float | None``, ``bool``...), or
    below its least value in ``least`` (a setting that may be none is not checked then;
    NaN is below every least value)."""
    params = inspect.signature(func).parameters
    for name, value in values.items():
        p = params.get(name)
        ann = p.annotation if p is not None else None
        if not isinstance(ann, str):
            continue
        parts = [a.strip() for a in ann.split("|")]
        if value is None and "None" in parts:
            continue
        kinds = [_KINDS[a] for a in parts if a in _KINDS]
        if not kinds:
            continue
        types = tuple(t for k in kinds for t in k[0])
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            words = " or ".join([k[1] for k in kinds] + (["none"] if "None" in parts else []))
            raise BotError(f"the {level} bot's setting {name} is {words}, not {value!r}")
    for name, floor in (least or {}).items():
        value = values.get(name)
        if value is not None and not value >= floor:
            more = " (or none)" if "None" in str(params[name].annotation) else ""
            words = "at least 1" if floor == 1 else f"{floor} or more"
            raise BotError(f"the {level} bot's setting {name} is {words}{more}, not {value!r}")


class Bot:
    """Base class: subclasses implement :meth:`propose` and :meth:`propose_call`."""

    level = "base"
    # names of the numeric settings make_bot may pass (attributes of the bot, or entries of
    # ``tuning``); a level's other settings are its own keyword arguments
    TUNABLE: tuple[str, ...] = ()

    @classmethod
    def settings(cls) -> list[str]:
        """The names ``make_bot`` takes for this level: each class's own keyword
        arguments (the hard bot's search budget, say), then ``TUNABLE``."""
        names: list[str] = []
        for klass in cls.__mro__:
            init = klass.__dict__.get("__init__")
            if init is None:
                continue
            for p in inspect.signature(init).parameters.values():
                if p.kind is p.KEYWORD_ONLY or p.kind is p.POSITIONAL_OR_KEYWORD:
                    if p.name not in ("self", "seed") and p.name not in names:
                        names.append(p.name)
        return names + [t for t in cls.TUNABLE if t not in names]

    def __init__(self, seed: int = 0, **tuning):
        unknown = sorted(set(tuning) - set(self.TUNABLE))
        if unknown:
            known = self.settings()
            raise BotError(
                f"the {self.level} bot has no setting {', '.join(unknown)}"
                + (f" (settings: {', '.join(known)})" if known else "")
            )
        for k, v in tuning.items():  # the weights in TUNABLE are numbers
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise BotError(f"the {self.level} bot's setting {k} is a number, not {v!r}")
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
