"""Hint speed: the normal bot's move for the person's seat, and the reason it gives.

    python benchmarks/hints.py [--games N] [--players N] [--preset P] [--seed S]

Plays seeded games of normal bots and, at every draw and discard of seat 0, times the
hint (the normal bot's choice, as ``Controller.hint_with_reason`` makes it) and its
reason (``game.bots.explain.hint_reason``) apart.  Then the same for a long hand: 45
cards of two decks with a pile of 15, where the plan search is slowest.  The table
works both out in the hint's thread and shows "Thinking of a hint…" after 0.4 s, so
these times decide how often a person sees that.  Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import make_bot  # noqa: E402
from game.bots.explain import hint_reason  # noqa: E402
from game.engine import Rules, TakePile, new_game  # noqa: E402
from game.engine.save import position_from_dict  # noqa: E402
from game.engine.view import PlayerView  # noqa: E402
from game.simulate import decisions  # noqa: E402


def _timed(f, *args):
    t = time.perf_counter()
    out = f(*args)
    return out, (time.perf_counter() - t) * 1000.0


def in_games(preset: str, players: int, games: int, seed: int) -> tuple[list[float], list[float]]:
    """Hint and reason times (ms) at seat 0's draws and discards over ``games`` rounds."""
    hints: list[float] = []
    reasons: list[float] = []
    for n in range(games):
        g, _ = new_game(Rules.preset(preset), players, seed=seed + n)
        bots = [make_bot("normal", seed + n + s) for s in range(players)]
        for v, _ in decisions(g, bots):
            if v.seat == 0:
                hint, t_hint = _timed(make_bot("normal", 12345).choose, v)
                _, t_why = _timed(hint_reason, v, hint)
                hints.append(t_hint)
                reasons.append(t_why)
    return hints, reasons


def long_hand(seed: int) -> tuple[float, list[float]]:
    """The hint's time and each pile take's reason time in a 45-card hand."""
    rng = random.Random(seed)
    faces = [f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "♣♦♥♠"]
    cards = faces + [f + "#2" for f in faces]
    rng.shuffle(cards)
    data = {"rules": {"preset": "rummy500"}, "players": 2, "decks": 2,
            "table": {"hands": [" ".join(cards[:45]), " ".join(cards[60:67])], "pile": " ".join(cards[45:60]),
                      "melds": [], "stock": "rest", "phase": "draw", "current": 0}}
    g = position_from_dict(data)
    v = PlayerView.of(g, 0)
    _, t_hint = _timed(make_bot("normal", 12345).choose, v)
    return t_hint, [_timed(hint_reason, v, TakePile(k))[1] for k in g.pile[-6:]]


def _line(label: str, ms: list[float]) -> str:
    q = statistics.quantiles(ms, n=20) if len(ms) > 1 else ms * 19
    return f"{label:8} {len(ms):5d}  p50 {statistics.median(ms):7.2f}  p95 {q[18]:7.2f}  max {max(ms):7.2f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="rounds played (each a new seeded game)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--preset", default="rummy5000")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    hints, reasons = in_games(args.preset, args.players, args.games, args.seed)
    print(f"{args.preset}, {args.players} players, {args.games} rounds: seat 0's draws and discards")
    print(_line("hint", hints))
    print(_line("reason", reasons))
    t_hint, takes = long_hand(args.seed)
    print(f"a 45-card hand: hint {t_hint:.0f} ms; the reason for each of the top 6 pile takes "
          f"p50 {statistics.median(takes):.1f}, max {max(takes):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
