"""Card movement: tweens from one rectangle to another, and a small scheduler.

The table animates by comparing where every card was drawn before a change with
where it belongs after it (the "first, last, invert, play" technique): each card
whose place changed gets a :class:`Tween` from the old rectangle to the new one.
While a tween has not landed, the table does not draw that card in its resting
place; the animator draws it in flight instead. A tween may wait (``delay``) so that a
deal goes out one card at a time, and may turn the card over on the way.

Durations are divided by the animation speed; a speed of 0 means no animation at all
(every tween lands at once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pygame import Rect

MOVE_TIME = 0.32  # seconds a card takes to move across the table (at normal speed)


def ease_out_cubic(t: float) -> float:
    t = 1.0 - t
    return 1.0 - t * t * t


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def lerp_rect(a: Rect, b: Rect, t: float) -> Rect:
    return Rect(
        round(a.x + (b.x - a.x) * t),
        round(a.y + (b.y - a.y) * t),
        max(1, round(a.w + (b.w - a.w) * t)),
        max(1, round(a.h + (b.h - a.h) * t)),
    )


@dataclass
class Tween:
    """One card moving. ``key`` identifies what it hides at the destination (a card id,
    or ``("back", seat, n)`` for an opponent's hidden card)."""

    key: object
    card: int | None          # the face to show (None: a back)
    src: Rect
    dst: Rect
    duration: float
    delay: float = 0.0
    face_from: bool = True    # face up at the start
    face_to: bool = True      # face up at the end
    wild: bool = False
    elapsed: float = 0.0
    on_land: Callable[[], None] | None = None
    layer: int = 0            # later layers draw on top
    shows_move: bool = True   # shows a move of the game (False: the person's own
                              # rearranging, a selection, a card flying back)
    arrives: bool = False     # comes from another part of the table (a hand, the pile), not
                              # only sliding within its own (a meld area closing up)

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def rect(self) -> Rect:
        return lerp_rect(self.src, self.dst, ease_out_cubic(self.progress))

    def face_up(self) -> bool:
        if self.face_from == self.face_to:
            return self.face_to
        return self.face_to if self.progress >= 0.5 else self.face_from

    def flip_scale(self) -> float:
        """Horizontal squeeze while the card turns over (1 = flat)."""
        if self.face_from == self.face_to:
            return 1.0
        return max(0.05, abs(1.0 - 2.0 * self.progress))


@dataclass
class Animator:
    speed: float = 1.0
    tweens: list[Tween] = field(default_factory=list)

    def add(self, tween: Tween) -> Tween:
        if self.speed <= 0:
            tween.duration = 0.0
            tween.delay = 0.0
        else:
            tween.duration /= self.speed
            tween.delay /= self.speed
        # a card already in flight is redirected from where it is now
        for old in self.tweens:
            if old.key == tween.key:
                if old.started:
                    tween.src = old.rect()
                self.tweens.remove(old)
                break
        self.tweens.append(tween)
        if tween.duration <= 0 and tween.delay <= 0:
            self._land(tween)
        return tween

    def _land(self, tween: Tween) -> None:
        if tween in self.tweens:
            self.tweens.remove(tween)
        if tween.on_land is not None:
            tween.on_land()

    def update(self, dt: float) -> bool:
        """Advance time; returns True if anything moved or landed."""
        if not self.tweens:
            return False
        for t in list(self.tweens):
            t.elapsed += dt
            if t.done:
                self._land(t)
        return True

    def finish(self) -> None:
        """Land everything now."""
        for t in list(self.tweens):
            self._land(t)

    @property
    def active(self) -> bool:
        return bool(self.tweens)

    @property
    def showing_move(self) -> bool:
        """A move of the game is still in flight (the computer players wait for it;
        they need not wait for the person's own cards settling)."""
        return any(t.shows_move for t in self.tweens)

    def hidden(self) -> set:
        """Keys of cards that are not yet at their destination."""
        return {t.key for t in self.tweens}

    def arriving(self) -> set:
        """Keys of cards on their way from another part of the table, not there yet."""
        return {t.key for t in self.tweens if t.arrives}

    def waiting(self) -> list[Tween]:
        """Tweens whose delay has not passed yet (their cards wait where they were)."""
        return [t for t in self.tweens if not t.started]

    def in_flight(self) -> list[Tween]:
        """Tweens that have started, bottom layer first."""
        return sorted((t for t in self.tweens if t.started), key=lambda t: (t.layer, t.delay))


__all__ = ["Animator", "Tween", "ease_in_out", "ease_out_cubic", "lerp_rect"]
