"""The hard bot's search inside the application, against the same bots headless.

    python benchmarks/ingame_search.py                  # 150 s each way
    python benchmarks/ingame_search.py --seconds 30 --players 4 --seed 11

In the game a computer player thinks in a background thread while the table draws its
frames in the same process, so the search shares the interpreter with the drawing. This
script measures what that costs the hard bot:

* ``in the game``: every seat a hard bot, the application running with SDL's dummy video
  driver at normal animation speed (the table's own pauses and animations included) for
  ``--seconds`` (and until the first search is over, if that comes later);
* ``headless``: the same bots on the same deal, one move after another, for as long (and
  again until the first search is over).

For each it prints the searches made, how many the 0.6 s time limit cut short, the share
of a core the searching thread had while it searched (its thread time over the wall
time), and the play-aheads imagined per search. Then ``frames``: the time to draw a
frame while a card is dragged over a 1920x1080 table, alone and with a hard bot searching
in another thread, as the person would see it.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


class SearchLog:
    """Wraps ``HardBot.search`` to record each search's wall time, thread time and
    play-aheads."""

    def __init__(self) -> None:
        from game.bots.hard import HardBot

        self.records: list[tuple[float, float, int]] = []
        self._cls = HardBot
        self._orig = HardBot.search
        log = self

        def search(bot, *args, **kwargs):
            r0, t0, c0 = bot.rollouts, time.perf_counter(), time.thread_time()
            out = log._orig(bot, *args, **kwargs)
            log.records.append((time.perf_counter() - t0, time.thread_time() - c0, bot.rollouts - r0))
            return out

        HardBot.search = search

    def going(self, end: float) -> bool:
        """Whether a run ending at ``end`` goes on: until then, and past it until the first
        search is over (the deal's animation comes first), a minute at most."""
        now = time.perf_counter()
        return (now < end or not self.records) and now < end + 60

    def close(self) -> None:
        self._cls.search = self._orig

    def report(self, label: str, limit: float) -> str:
        rec = self.records
        n = len(rec)
        if not n:
            return f"{label:<12} no searches"
        cut = sum(1 for w, _, _ in rec if w > limit)
        wall = sum(w for w, _, _ in rec)
        cpu = sum(c for _, c, _ in rec)
        return (f"{label:<12} searches {n:>4}  cut by the {limit} s limit {cut:>3} ({100 * cut / n:4.1f}%)  "
                f"core share {cpu / wall:4.2f}  play-aheads per search {sum(r for _, _, r in rec) / n:5.1f}")


def in_game(players: int, seed: int, seconds: float) -> SearchLog:
    from game.ui.app import App
    from game.ui.controller import Controller
    from game.ui.settings import Settings

    log = SearchLog()
    settings = Settings(sound=False, animation_speed=1.0)
    app = App(size=(1280, 800), settings=settings)
    c = Controller.new("rummy5000", players, levels=["hard"] * players, seed=seed, autoplay=True,
                       settings=settings)
    app.play(c)
    end = time.perf_counter() + seconds
    while log.going(end) and c.g.phase != "game_over":
        app.step()
    app.close_scenes()
    log.close()
    return log


def headless(players: int, seed: int, seconds: float) -> SearchLog:
    from game.engine.view import view_of
    from game.ui.controller import Controller

    log = SearchLog()
    # the controller's own bots, so both runs seat the same players on the same deal
    c = Controller.new("rummy5000", players, levels=["hard"] * players, seed=seed, autoplay=True)
    g = c.g
    bots = [s.bot for s in c.seats]
    end = time.perf_counter() + seconds
    while log.going(end) and g.phase != "game_over":
        if g.phase == "round_over":
            g.next_round()
            continue
        g.apply(bots[g.current].choose(view_of(g, g.current)))
    log.close()
    return log


def frames(seed: int) -> list[str]:
    import pygame

    from game.bots import make_bot
    from game.engine import Rules, new_game
    from game.engine.view import view_of
    from game.ui.app import App
    from game.ui.controller import Controller
    from game.ui.settings import Settings

    settings = Settings(animation_speed=0.0, sound=False)
    app = App(size=(1920, 1080), settings=settings)
    c = Controller.new("rummy5000", 4, seed=seed, settings=settings)
    for _ in range(5000):
        if c.human_to_act and c.g.phase == "draw" and not c.g.call_open:
            break
        c.update(0.01)
    scene = app.play(c)
    app.pump(3)
    scene.anim.finish()

    def drag(label: str) -> str:
        scene._place(force=True)
        start = scene.places[scene.order[0]].rect.center
        scene._mouse_down(start)
        ms = []
        for k in range(300):
            pos = (start[0] + (k * 9) % 900, start[1] - (k * 5) % 500)
            t0 = time.perf_counter()
            scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
            app.draw()
            ms.append((time.perf_counter() - t0) * 1000)
        scene.drag = scene.press = None
        ms.sort()
        return (f"frames       {label:<22} p50 {ms[len(ms) // 2]:5.2f}  p95 {ms[int(len(ms) * 0.95)]:5.2f}  "
                f"max {ms[-1]:5.2f} ms")

    lines = [drag("alone")]
    g, _ = new_game(Rules.preset(), 4, seed=seed)
    g.apply(g.legal_actions()[0])  # a draw: the search weighs melds and discards next
    bot = make_bot("hard", 1)
    stop = threading.Event()
    done = [0]

    def think() -> None:
        while not stop.is_set():
            bot.choose(view_of(g, g.current))
            done[0] += 1

    worker = threading.Thread(target=think, daemon=True)
    worker.start()
    time.sleep(0.3)
    lines.append(drag("a hard bot searching"))
    stop.set()
    worker.join()
    app.close_scenes()
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=150.0, help="length of each run")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("RUMMY5000_DATA_DIR", tempfile.mkdtemp(prefix="rummy5000-bench-"))
    from game.bots.hard import HardBot

    limit = HardBot().time_limit
    lines = [in_game(args.players, args.seed, args.seconds).report("in the game", limit),
             headless(args.players, args.seed, args.seconds).report("headless", limit)]
    lines += frames(args.seed)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
