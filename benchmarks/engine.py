"""Engine speed: random play, state copies, and the meld solver.

    python benchmarks/engine.py [--seconds S] [--presets a,b] [--players N]

Prints, per preset, random-play rounds and actions per second (a uniformly
random legal player, "Rummy!" calls included), then state copies per second
and best-plan solver times by hand size.  Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.engine import Rules, new_game
from game.engine.solver import best_plan
from game.engine.state import GAME_OVER, ROUND_OVER


def random_play(preset: str, players: int, seconds: float, seed: int = 0) -> dict:
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    actions = rounds = capped = 0
    legal_time = 0.0
    t0 = time.perf_counter()
    game_seed = seed
    while time.perf_counter() - t0 < seconds:
        g, _ = new_game(rules, players, seed=game_seed)
        game_seed += 1
        steps = 0
        while g.phase not in (ROUND_OVER, GAME_OVER):
            if g.call_open:
                for s in range(players):
                    calls = g.call_actions(s)
                    if calls and rng.random() < 0.5:
                        g.apply(rng.choice(calls))
                        actions += 1
                        break
            t1 = time.perf_counter()
            legal = g.legal_actions()
            legal_time += time.perf_counter() - t1
            g.apply(rng.choice(legal))
            actions += 1
            steps += 1
            if steps >= 2000:
                capped += 1
                break
        rounds += 1
    dt = time.perf_counter() - t0
    return {"preset": preset, "rounds": rounds, "actions": actions, "seconds": dt,
            "rounds_per_s": rounds / dt, "actions_per_s": actions / dt, "capped": capped,
            "legal_share": legal_time / dt}


def copies(seconds: float) -> float:
    g, _ = new_game(Rules.preset(), 4, seed=7)
    rng = random.Random(1)
    for _ in range(40):  # a mid-round position with melds on the table
        if g.phase in (ROUND_OVER, GAME_OVER):
            break
        g.apply(rng.choice(g.legal_actions()))
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(100):
            g.copy()
        n += 100
    return n / (time.perf_counter() - t0)


def solver_times(sizes=(7, 11, 15, 20, 24), wilds=4, trials=30) -> list[tuple[int, int, float, float]]:
    out = []
    for size in sizes:
        times = []
        for t in range(trials):
            g, _ = new_game(Rules.preset(), 4, seed=100 + t)
            ctx = g.ctx
            rng = random.Random(t)
            w = [c for c in g.pack if c in ctx.wilds]
            nat = [c for c in g.pack if c not in ctx.wilds]
            rng.shuffle(w)
            rng.shuffle(nat)
            k = min(wilds, len(w))
            hand = w[:k] + nat[: size - k]
            t0 = time.perf_counter()
            best_plan(ctx, hand, [], 0)
            times.append(time.perf_counter() - t0)
        times.sort()
        out.append((size, wilds, statistics.median(times) * 1000, times[int(len(times) * 0.95) - 1] * 1000))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--presets", default="rummy5000,rummy500,basic,george")
    ap.add_argument("--players", type=int, default=4)
    a = ap.parse_args()
    print(f"random play, {a.players} players, {a.seconds:.0f} s per preset")
    print(f"{'preset':<10} {'rounds':>7} {'actions':>8} {'rounds/s':>9} {'actions/s':>10} {'capped':>7} {'legal%':>7}")
    for p in a.presets.split(","):
        r = random_play(p, a.players, a.seconds)
        print(f"{p:<10} {r['rounds']:>7} {r['actions']:>8} {r['rounds_per_s']:>9.1f} {r['actions_per_s']:>10.0f} "
              f"{r['capped']:>7} {r['legal_share'] * 100:>6.0f}%")
    print(f"\nstate copies per second: {copies(min(a.seconds, 3)):.0f}")
    print("\nbest_plan solver (rummy5000 wilds), milliseconds")
    print(f"{'cards':>5} {'wilds':>5} {'median':>8} {'p95':>8}")
    for size, w, med, p95 in solver_times():
        print(f"{size:>5} {w:>5} {med:>8.2f} {p95:>8.2f}")


if __name__ == "__main__":
    main()
