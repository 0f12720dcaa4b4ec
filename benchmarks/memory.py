"""Memory over a long sitting: whole computer-played games, one after another, in one
window, as a person who keeps the game open all evening would play them.

    python benchmarks/memory.py [--games N] [--players N] [--preset P] [--seed S]

Each game is played to its end at the table (the computer in every seat, no animation,
every frame drawn), and between games the window changes size, so the card pictures and
the words are drawn again at a new size. After each game the script prints the process's
resident memory, the objects Python tracks, and the sizes of the table's picture and
text caches. A sitting that leaks grows game after game; a sound one levels off once its
caches are full. Figures, not pass/fail. Headless (SDL's dummy drivers), with its own data
folder: your settings and saved game are not touched.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["RUMMY5000_DATA_DIR"] = tempfile.mkdtemp(prefix="rummy5000-bench-")
os.environ["RUMMY5000_AUTOPLAY_SPEED"] = "0"

import pygame  # noqa: E402

from game.ui.app import App  # noqa: E402

SIZES = [(1366, 768), (1024, 640), (1920, 1080), (1280, 800), (1600, 900)]


def rss_mb() -> float:
    """The process's resident memory in MB (Linux's /proc; elsewhere the peak so far)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, AttributeError):
        import resource  # (not on Windows)

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 2**10)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--preset", default="rummy5000")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    app = App(size=SIZES[0])
    print(f"{args.games} games of {args.preset}, {args.players} players, computer in every seat")
    print(f"{'game':>4} {'window':>10} {'rounds':>6} {'frames':>7} {'seconds':>7} {'RSS MB':>7} "
          f"{'objects':>8} {'card pics':>9} {'texts':>6}")
    start = rss_mb()
    first = None
    try:
        for n in range(args.games):
            size = SIZES[n % len(SIZES)]
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            t = time.perf_counter()
            frames = app.frames
            scene = app.start_game(args.preset, args.players, seed=args.seed + n, autoplay=True)
            if not app.run_until(lambda s=scene: s.g.phase == "game_over", timeout=600):
                print(f"game {n + 1} did not finish (phase {scene.g.phase})")
                return 1
            app.pump(3)
            gc.collect()
            mb = rss_mb()
            first = mb if first is None else first
            print(f"{n + 1:>4} {size[0]:>5}x{size[1]:<4} {len(scene.g.results):>6} {app.frames - frames:>7} "
                  f"{time.perf_counter() - t:>7.1f} {mb:>7.1f} {len(gc.get_objects()):>8} "
                  f"{len(scene.art._cache):>9} {len(scene.text._cache):>6}")
        print(f"RSS: {start:.1f} MB before the first game, {first:.1f} after it, {rss_mb():.1f} after the last")
    finally:
        app.close_scenes()
        pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
