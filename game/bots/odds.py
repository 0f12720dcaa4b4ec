"""How likely a side is to win the game from given scores: the hard bot's ``win_value``.

A round's points matter only through the game they help to win.  Being 100 points
behind the leader late in the game is worth more than 100 points behind a trailing
seat, and a gamble that widens the spread helps a seat that trails and hurts one
that leads.  :class:`Outlook` puts a number on this with a plain model:

* every side (a seat, or a team with ``partnerships``) scores a normally distributed
  number of points a round, with the mean and spread seen in the game's rounds so
  far (before the first round: a 24th of the target a seat, spread 0.9 times that);
* the game lasts as many more rounds as the leader needs to reach the target at that
  mean (or the deals left, in a game of fixed length), and the highest total then
  wins (the lowest with penalty scoring);
* so a side wins with the chance that its total beats every other side's, which
  :func:`win_chance` integrates over the side's own luck.

:meth:`Outlook.value` gives that chance in points: divided by how fast it grows
with a side's score when every side is level, so that near level scores a point is
worth about a point, as in the bot's usual measure.  The model knows nothing of
``winner_rule`` (who may win on reaching the target), nor of the correlation
between the seats' rounds (one seat's going out is the others' loss).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

# E[f(Z)] for Z ~ N(0, 1), by the midpoint rule on [-5, 5] (40 steps), the weights
# normalised to sum to 1
_STEPS = 40
_XS = [-5.0 + (i + 0.5) * 10.0 / _STEPS for i in range(_STEPS)]
_WS = [math.exp(-x * x / 2) for x in _XS]
_NODES = tuple((x, w / sum(_WS)) for x, w in zip(_XS, _WS))
_ROOT2 = math.sqrt(2.0)


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / _ROOT2))


def win_chance(totals: Sequence[float], me: int, spread: float, lowest: bool = False) -> float:
    """The chance that side ``me`` ends with the best total, when every side's total
    moves by independent normal luck of standard deviation ``spread`` from ``totals``
    (already including each side's expected gain).  ``lowest``: the lowest total wins."""
    sign = -1.0 if lowest else 1.0
    gaps = [sign * (totals[me] - t) for i, t in enumerate(totals) if i != me]
    if spread <= 1e-9:
        if all(g > 0 for g in gaps):
            return 1.0
        if any(g < 0 for g in gaps):
            return 0.0
        return 1.0 / (1 + sum(1 for g in gaps if g == 0))
    p = 0.0
    for x, w in _NODES:
        prod = w
        for g in gaps:
            prod *= _phi(g / spread + x)
        p += prod
    return min(1.0, max(0.0, p))


class Outlook:
    """The game's standing as one seat sees it, for valuing imagined rounds."""

    __slots__ = ("sides", "me", "lowest", "target", "rounds_fixed", "mean", "sd",
                 "scores", "scale")

    PRIOR_ROUNDS = 4  # how many rounds' worth of weight the prior mean gets

    def __init__(self, view):
        rules = view.rules
        self.sides = view.sides()
        self.me = view.side_of(view.seat)
        self.lowest = rules.lowest_total_wins
        self.target = rules.target
        self.rounds_fixed = view.deals_left()
        # a seat's points a round: the rounds seen so far, with a prior of a 24th of the target
        prior = rules.target / 24.0
        pts = [p for r in view.results for p in r.points]
        k = self.PRIOR_ROUNDS * view.players
        n = len(pts)
        mean = (sum(pts) + k * prior) / (n + k)
        var_prior = (0.9 * prior) ** 2
        var = (sum((p - mean) ** 2 for p in pts) + k * var_prior) / (n + k)
        size = len(self.sides[0])
        self.mean = max(1.0, abs(mean)) * size
        self.sd = math.sqrt(var * size)
        self.scores = view.side_scores()
        # a point's worth in win chance, with every side level at the current leader's score
        level = max(self.scores) if not self.lowest else min(self.scores)
        h = max(1.0, self.sd / 20)
        up = [level] * len(self.sides)
        down = list(up)
        up[self.me] += h
        down[self.me] -= h
        slope = (self._chance(up) - self._chance(down)) / (2 * h)
        if self.lowest:
            slope = -slope
        self.scale = 1.0 / max(slope, 1e-9)

    def rounds_left(self, totals: Sequence[float]) -> float:
        """Rounds still to play after the one being valued."""
        if self.rounds_fixed is not None:
            return float(self.rounds_fixed)
        return max(0.0, (self.target - max(totals)) / self.mean)

    def _chance(self, totals: Sequence[float]) -> float:
        # at least half a round's luck: the points of an unfinished round are guesses,
        # and the model is rough near the end.  Every side expects the same gain, so
        # only the luck matters.
        left = max(0.5, self.rounds_left(totals))
        return win_chance(totals, self.me, self.sd * math.sqrt(left), self.lowest)

    def value(self, points: Sequence[float]) -> float:
        """The win chance, in points, after a round in which each seat scores ``points``."""
        totals = [self.scores[i] + sum(points[s] for s in side) for i, side in enumerate(self.sides)]
        return self.scale * self._chance(totals)

    def value_won(self, share: float) -> float:
        """A game this seat's side wins (``share``: 1, or its part of a tie) or loses (0)."""
        return self.scale * share


__all__ = ["Outlook", "win_chance"]
